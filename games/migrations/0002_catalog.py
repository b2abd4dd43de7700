"""Fill the catalog: boxes, Ancient Ones with their printed doom tracks, heralds, guardians,
investigators (the /rules/ page lists the doom tracks; games/rules.py states the rules).

The data lives here, frozen, so a fresh ``migrate`` knows every box, Ancient One,
herald, guardian and investigator; staff correct entries in the admin afterwards.
"""

from django.db import migrations
from django.utils.text import slugify

BOXES = [
    # name, year, kind
    ("Arkham Horror", 2005, "base"),
    ("Curse of the Dark Pharaoh", 2006, "small"),
    ("Dunwich Horror", 2006, "big"),
    ("The King in Yellow", 2007, "small"),
    ("Kingsport Horror", 2008, "big"),
    ("The Black Goat of the Woods", 2008, "small"),
    ("Innsmouth Horror", 2009, "big"),
    ("The Lurker at the Threshold", 2010, "small"),
    ("Miskatonic Horror", 2011, "big"),
    ("Promotional", None, "promo"),
]

ANCIENT_ONES = [
    # name, printed doom track, box, note
    ("Azathoth", 14, "Arkham Horror", "Awakening = defeat; cannot be banished."),
    ("Cthulhu", 13, "Arkham Horror", ""),
    ("Hastur", 13, "Arkham Horror", ""),
    ("Ithaqua", 11, "Arkham Horror", ""),
    ("Nyarlathotep", 11, "Arkham Horror", ""),
    ("Shub-Niggurath", 12, "Arkham Horror", ""),
    ("Yig", 10, "Arkham Horror", "One fan tool says 11; three sources say 10."),
    ("Yog-Sothoth", 12, "Arkham Horror", ""),
    ("Abhoth", 11, "Dunwich Horror", ""),
    ("Glaaki", 12, "Dunwich Horror", "Special defeat; value from one source."),
    ("Shudde M'ell", 12, "Dunwich Horror", "Special defeat; value from one source."),
    ("Tsathoggua", 13, "Dunwich Horror", ""),
    ("Atlach-Nacha", 13, "Kingsport Horror", ""),
    ("Eihort", 12, "Kingsport Horror", "Value from one source."),
    ("Y'Golonac", 12, "Kingsport Horror", ""),
    ("Yibb-Tstll", 11, "Kingsport Horror", "Value from one source."),
    ("Bokrug", 12, "Innsmouth Horror", "Special defeat."),
    ("Chaugnar Faugn", 12, "Innsmouth Horror", "Value from one source."),
    ("Cthugha", 13, "Innsmouth Horror", ""),
    ("Ghatanothoa", 13, "Innsmouth Horror", ""),
    ("Nyogtha", 12, "Innsmouth Horror", ""),
    ("Quachil Uttaus", 12, "Innsmouth Horror", ""),
    ("Rhan-Tegoth", 11, "Innsmouth Horror", ""),
    ("Zhar", 11, "Innsmouth Horror", "Must be defeated twice to banish."),
    ("Daoloth", 12, "Promotional", "Promo (Arkham Nights 2010)."),
]

INVESTIGATORS = {
    "Arkham Horror": [
        ("Amanda Sharpe", "Student"),
        ('"Ashcan" Pete', "Drifter"),
        ("Bob Jenkins", "Salesman"),
        ("Carolyn Fern", "Psychologist"),
        ("Darrell Simmons", "Photographer"),
        ("Dexter Drake", "Magician"),
        ("Gloria Goldberg", "Author"),
        ("Harvey Walters", "Professor"),
        ("Jenny Barnes", "Dilettante"),
        ("Joe Diamond", "Private Eye"),
        ("Kate Winthrop", "Scientist"),
        ("Mandy Thompson", "Researcher"),
        ("Michael McGlen", "Gangster"),
        ("Monterey Jack", "Archeologist"),
        ("Sister Mary", "Nun"),
        ("Vincent Lee", "Doctor"),
    ],
    "Dunwich Horror": [
        ("Diana Stanley", "Redeemed Cultist"),
        ("Jacqueline Fine", "Psychic"),
        ("Jim Culver", "Musician"),
        ("Leo Anderson", "Expedition Leader"),
        ("Marie Lambeau", "Entertainer"),
        ("Mark Harrigan", "Soldier"),
        ("Rita Young", "Athlete"),
        ("Wilson Richards", "Handyman"),
    ],
    "Kingsport Horror": [
        ("Charlie Kane", "Politician"),
        ("Daisy Walker", "Librarian"),
        ("Lily Chen", "Martial Artist"),
        ("Lola Hayes", "Actress"),
        ("Luke Robinson", "Dreamer"),
        ("Rex Murphy", "Reporter"),
        ("Tony Morgan", "Bounty Hunter"),
        ("Wendy Adams", "Urchin"),
    ],
    "Innsmouth Horror": [
        ("Agnes Baker", "Waitress"),
        ("Akachi Onyele", "Shaman"),
        ("Finn Edwards", "Bootlegger"),
        ("George Barnaby", "Lawyer"),
        ("Hank Samson", "Farmhand"),
        ("Minh Thi Phan", "Secretary"),
        ("Norman Withers", "Astronomer"),
        ("Patrice Hathaway", "Violinist"),
        ("Roland Banks", "Fed"),
        ("Silas Marsh", "Sailor"),
        ('"Skids" O\'Toole', "Ex-Convict"),
        ("Tommy Muldoon", "Rookie Cop"),
        ("Trish Scarborough", "Spy"),
        ("Ursula Downs", "Explorer"),
        ("William Yorick", "Gravedigger"),
        ("Zoey Samaras", "Chef"),
    ],
    "Promotional": [("Calvin Wright", "the Damned")],
}

HERALDS = [
    ("The King in Yellow", "The King in Yellow"),
    ("Ghroth", "Kingsport Horror"),
    ("Tulzscha", "Kingsport Horror"),
    ("The Black Goat of the Woods", "The Black Goat of the Woods"),
    ("Father Dagon", "Innsmouth Horror"),
    ("Mother Hydra", "Innsmouth Horror"),
    ("The Lurker at the Threshold", "The Lurker at the Threshold"),
    ("The Dark Pharaoh", "Curse of the Dark Pharaoh"),
    ("The Dunwich Horror", "Miskatonic Horror"),
]

GUARDIANS = [("Bast", "Kingsport Horror"), ("Hypnos", "Kingsport Horror"), ("Nodens", "Kingsport Horror")]


def fill(apps, schema_editor):
    Box = apps.get_model("games", "Box")
    boxes = {
        name: Box.objects.create(name=name, slug=slugify(name), year=year, kind=kind)
        for name, year, kind in BOXES
    }
    AncientOne = apps.get_model("games", "AncientOne")
    for name, doom, box, note in ANCIENT_ONES:
        AncientOne.objects.create(
            name=name, slug=slugify(name), doom_track=doom, box=boxes[box], note=note
        )
    Investigator = apps.get_model("games", "Investigator")
    for box, people in INVESTIGATORS.items():
        for name, occupation in people:
            Investigator.objects.create(name=name, occupation=occupation, box=boxes[box])
    Herald = apps.get_model("games", "Herald")
    for name, box in HERALDS:
        Herald.objects.create(name=name, box=boxes[box])
    Guardian = apps.get_model("games", "Guardian")
    for name, box in GUARDIANS:
        Guardian.objects.create(name=name, box=boxes[box])


def empty(apps, schema_editor):
    for model in ("Guardian", "Herald", "Investigator", "AncientOne", "Box"):
        apps.get_model("games", model).objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]
    operations = [migrations.RunPython(fill, empty)]
