"""A submitted result: the game form and its seats, validated, previewed and saved together."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import IntegrityError, transaction
from django.forms.models import model_to_dict
from django.utils.functional import cached_property
from django.utils.translation import gettext as _

from games import rules
from games.models import Player, Seat, Session
from games.names import name_key
from games.permissions import initial_status
from games.players import players_for_names
from games.recording import session_record
from games.rule_messages import translated

from .names import NewName, find_new_names, named_players
from .results import SessionForm
from .seats import SeatFormSet, task_problems


@dataclass
class Preview:
    """What the live preview shows: the score line by line, First Citizens, problems."""

    ready: bool = False
    is_victory: bool = False
    score: int | None = None
    breakdown: list[rules.ScoreTerm] = field(default_factory=list)
    first_citizens: list[str] = field(default_factory=list)
    scenario: str = ""
    tasks_completed: int = 0
    scenario_score: int | None = None
    problems: list[str] = field(default_factory=list)
    # Seat names no league player has yet (the page shows "New player — did you mean …?").
    new_names: list[NewName] = field(default_factory=list)


def seat_initial(session: Session | None, user) -> list[dict]:
    """The seats to show: a saved game's, or the submitter in the first seat."""
    if session is not None and session.pk:
        return [
            {"player_name": seat.player.name, **model_to_dict(seat, fields=Seat.RESULT_FIELDS)}
            for seat in session.seats.select_related("player")
        ]
    player = getattr(user, "player", None) if user.is_authenticated else None
    return [{"player_name": player.name}] if player else []


class ResultSubmission:
    """The result form and its seats as one unit: validate, preview, warn, save."""

    prefix = "seats"

    def __init__(
        self,
        data=None,
        *,
        user,
        instance: Session | None = None,
        league=None,
        historical: bool = False,
        submitted_at=None,
        confirm_new_players: bool = False,
    ):
        """``historical`` and ``submitted_at`` are for imports of games already played
        (see ``SessionForm``): the scenario rules then judge the game at
        ``submitted_at``, as they judge a submission at the moment it is made.

        ``confirm_new_players`` (the result form's): a seat name that is no player the
        user can see needs its seat's "yes, a new player" box, ticked for that name. An
        import names its players in the file, and creates the new ones as before."""
        self.user = user
        self.confirm_new_players = confirm_new_players
        self.new_names: list[NewName] = []
        self.instance = instance
        self.form = SessionForm(
            data, instance=instance, user=user, league=league, historical=historical
        )
        if instance is None:
            self.form.instance.league = league
        self.league = self.form.instance.league if self.form.instance.league_id else league
        if submitted_at is not None:
            self.form.instance.created_at = submitted_at
        self.seats = SeatFormSet(data, prefix=self.prefix, initial=seat_initial(instance, user))
        self.duplicates: list[Session] = []
        # A possible duplicate is a warning, not an error: the form holds nothing wrong.
        self.needs_duplicate_confirmation = False
        self._valid: bool | None = None

    # -- validation ---------------------------------------------------------------------

    def unreadable_seats(self) -> str | None:
        """Why the posted seat rows cannot even be read, or ``None``.

        Only a tampered or broken page sends a negative, non-numeric or oversized row count
        (the page itself never offers more than eight rows). Checked first and cheaply, so
        such a post costs nothing: no seat form is built, no page re-rendered.
        """
        seats = self.seats
        if not seats.is_bound:
            return None
        management = seats.management_form
        if not management.is_valid():
            return seats.error_messages["missing_management_form"]
        if management.cleaned_data["TOTAL_FORMS"] > seats.absolute_max:
            return seats.error_messages["too_many_forms"]
        return None

    def is_valid(self, *, check_duplicates: bool = True) -> bool:
        """Every rule of the form, the seats and the table; then the duplicate warning."""
        if self._valid is not None:
            return self._valid
        form_ok = self.form.is_valid()
        boxes = self.form.cleaned_data.get("boxes")
        self.seats.box_ids = {box.pk for box in boxes} if boxes is not None else None
        self.seats.session = self.form.instance
        scenario = self.form.cleaned_data.get("scenario")
        self.seats.scenario_terms = scenario.terms() if scenario else None
        seats_ok = self.seats.is_valid()
        for message in self.seats.outcome_errors:
            self.form.add_error("outcome", message)
        names_ok = self._check_new_names() if self.confirm_new_players else True
        if form_ok and seats_ok and not self.seats.outcome_errors:
            form_ok = self._check_task_conditions()
        valid = form_ok and seats_ok and names_ok and not self.seats.outcome_errors
        if valid and check_duplicates:
            self.duplicates = self._find_duplicates()
            if self.duplicates and not self.form.cleaned_data.get("confirm_duplicate"):
                self.needs_duplicate_confirmation = True
                valid = False
        self._valid = valid
        return valid

    def _check_task_conditions(self) -> bool:
        """An error next to the tasks for each the result breaks (the write path checks
        them again)."""
        seats = [form.instance for form in self.seats.live_forms()]
        tasks = self.form.cleaned_data.get("tasks_done") or []
        problems = task_problems(self.form.instance, tasks, seats)
        for problem in problems:
            self.form.add_error("tasks_done", ValidationError(problem, code="task_condition"))
        return not problems

    @cached_property
    def players(self) -> dict[str, Player]:
        """The existing players the filled-in seats name, by name key: read once, after the
        seats are cleaned, for the new names, the duplicate warning, the preview, the save."""
        live = self.seats.live_forms()
        names = [form.cleaned_data.get("player_name") for form in live]
        return named_players({name_key(name) for name in names if name}, self.league)

    def _check_new_names(self) -> bool:
        """Mark each seat whose name is new; an error on those not confirmed for it."""
        forms = {form.prefix: form for form in self.seats.live_forms()}
        named = [
            (prefix, form.cleaned_data["player_name"])
            for prefix, form in forms.items()
            if form.cleaned_data.get("player_name")
        ]
        self.new_names = find_new_names(self.user, named, self.league, self.players)
        confirmed_all = True
        for new in self.new_names:
            form = forms[new.prefix]
            form.new_name = new
            ticked = form.cleaned_data.get("new_player") or ""
            new.confirmed = bool(ticked) and name_key(ticked) == name_key(new.name)
            if not new.confirmed:
                form.add_error("new_player", ValidationError(new.error(), code="new_player"))
                confirmed_all = False
        return confirmed_all

    def _find_duplicates(self) -> list[Session]:
        keys = {name_key(form.cleaned_data["player_name"]) for form in self.seats.live_forms()}
        if not keys <= self.players.keys():  # a new player cannot have played before
            return []
        found = Session.objects.same_table(
            played_on=self.form.cleaned_data["played_on"],
            ancient_one=self.form.cleaned_data["ancient_one"],
            player_ids=[self.players[key].pk for key in keys],
        ).select_related("ancient_one")
        if self.instance is not None and self.instance.pk:
            found = found.exclude(pk=self.instance.pk)
        return list(found)

    def add_save_errors(self, error: ValidationError) -> None:
        """Show errors the write path raised next to the matching fields."""
        for name, messages in error.message_dict.items():
            # An error of a hidden field (the phone's id) is about the game as a whole.
            field = self.form.fields.get(name)
            target = name if field is not None and not field.widget.is_hidden else None
            for message in messages:
                self.form.add_error(target, message)
        self._valid = False

    def error_links(self) -> list[tuple[str, str]]:
        """Every error of the form and its seats as (id of the field to go to, sentence);
        the id is empty for an error about the whole game. The error summary lists them."""
        links: list[tuple[str, str]] = [("", str(e)) for e in self.form.non_field_errors()]
        for bound in self.form:
            target = f"{bound.auto_id}_0" if bound.use_fieldset else bound.id_for_label
            links += [(target, labelled(bound.label, str(e))) for e in bound.errors]
        seats_label = _("Seats")
        links += [("seats", labelled(seats_label, str(e))) for e in self.seats.non_form_errors()]
        for number, seat in enumerate(self.seats, start=1):
            name_id = seat["player_name"].id_for_label
            seat_label = _("Seat %(number)s") % {"number": number}
            links += [(name_id, labelled(seat_label, str(e))) for e in seat.non_field_errors()]
            for bound in seat:
                label = seat_field_label(number, bound.label)
                links += [(bound.id_for_label, labelled(label, str(e))) for e in bound.errors]
        return links

    # -- preview -----------------------------------------------------------------------

    def preview(self) -> Preview:
        """The score as entered so far, by the rule module, with what is still wrong."""
        unreadable = self.unreadable_seats()
        if unreadable:
            return Preview(problems=[unreadable])
        self.is_valid(check_duplicates=False)
        preview = Preview(problems=self._problems(), new_names=self.new_names)
        session = self.form.instance
        seat_forms = [form for form in self.seats.live_forms() if not form.errors]
        entered = session.ancient_one_id and session.outcome and session.terror_level is not None
        if not (entered and seat_forms):
            return preview
        tasks = self.form.cleaned_data.get("tasks_done") or []
        session.tasks_completed = sum(1 for t in tasks if t.scenario_id == session.scenario_id)
        try:
            session.apply_totals([form.instance for form in seat_forms])
        except ValueError as error:  # a count out of range: its field says so already
            if not preview.problems:
                preview.problems.append(translated(error.args[0]))
            return preview
        preview.ready = True
        preview.is_victory = session.is_victory
        preview.score = session.score
        preview.breakdown = session.breakdown()
        if session.scenario_id:
            preview.scenario = session.scenario.name
            preview.tasks_completed = session.tasks_completed
            preview.scenario_score = session.scenario_score
        if session.is_victory:
            # A player the public sees is named as the league spells them; any other name
            # stays as typed, so the preview never tells how a private name is spelt.
            names = {key: player.name for key, player in self.players.items() if player.is_listed}
            results = []
            for form in seat_forms:
                typed = form.cleaned_data["player_name"]
                names.setdefault(name_key(typed), typed)
                result = form.instance.as_result(session.outcome)
                results.append(dataclasses.replace(result, player=name_key(typed)))
            preview.first_citizens = [
                names[key] for key in rules.first_citizens_in_seat_order(results)
            ]
        return preview

    def _problems(self) -> list[str]:
        """Every error so far in plain words, except fields simply not filled in yet."""
        problems = []
        for name, errors in self.form.errors.as_data().items():
            label = self.form.fields[name].label if name != NON_FIELD_ERRORS else ""
            problems += [_line(label, e) for e in errors if e.code != "required"]
        for number, form in enumerate(self.seats.forms, start=1):
            if self.seats.removed(form):
                continue
            for name, errors in form.errors.as_data().items():
                label = form.fields[name].label if name != NON_FIELD_ERRORS else ""
                label = seat_field_label(number, label)
                problems += [_line(label, e) for e in errors if e.code != "required"]
        problems += [
            _line("", e)
            for e in self.seats.non_form_errors().as_data()
            if e.code not in {"required", "too_few_forms"}
        ]
        return problems

    # -- saving ------------------------------------------------------------------------

    def sent_before(self) -> Session | None:
        """The game this user already sent with this form's phone-made id, if any: a
        replay, a retry, a double tap or a second tab answers as the first post did."""
        if self.instance is not None and self.instance.pk:
            return None
        field = self.form["client_id"]
        try:
            client_id = field.field.clean(field.value())
        except ValidationError:
            return None
        if client_id is None:
            return None
        return Session.objects.filter(client_id=client_id, submitted_by=self.user).first()

    def save(self) -> Session:
        """Write the game and its seats in one transaction; new players are created.

        The same phone-made id saved meanwhile by a twin request (the unique constraint
        refuses the second row) answers with the game that request stored."""
        try:
            return self._save()
        except IntegrityError:
            earlier = self.sent_before()
            if earlier is not None:
                return earlier
            client_id = self.form.cleaned_data.get("client_id")
            if client_id and Session.objects.filter(client_id=client_id).exists():
                message = _("This game was already sent from another account.")
                raise ValidationError({"client_id": message}) from None
            raise

    def _save(self) -> Session:
        if not self.is_valid():
            raise ValueError("Only a valid submission can be saved.")
        session = self.form.save(commit=False)
        editing = session.pk is not None
        if not editing:
            session.submitted_by = self.user
            session.status = initial_status(self.user, session.league_id)
            session.client_id = self.form.cleaned_data.get("client_id")
        with transaction.atomic():
            live = self.seats.live_forms()
            names = [form.cleaned_data["player_name"] for form in live]
            players = players_for_names(names, self.players)
            seats: list[Seat] = []
            for form in live:
                seat = form.save(commit=False)
                seat.player = players[form.cleaned_data["player_name"]]
                seats.append(seat)
            return session_record(
                session=session,
                boxes=self.form.cleaned_data["boxes"],
                seats=seats,
                editor=self.user if editing else None,
                seen_version=self.form.cleaned_data.get("version") if editing else None,
                tasks=self.form.cleaned_data.get("tasks_done") or [],
                # The form and its seats have been validated (is_valid): not again.
                validated=True,
            )


def labelled(label: str, text: str) -> str:
    """``text`` after the label it is about: "Terror level: …", but a label that is a
    question or already ends in punctuation takes no colon ("How did the game end? …")."""
    label = str(label or "").strip()
    if not label:
        return text
    if label[-1] in "?!.:":
        return f"{label} {text}"
    return f"{label}: {text}"


def seat_field_label(number: int, label: str) -> str:
    """A seat's field as the error summary names it: "Seat 2 · Player"."""
    return _("Seat %(number)s · %(field)s") % {"number": number, "field": label}


def _line(label: str, error: ValidationError) -> str:
    return labelled(label, " ".join(error.messages))
