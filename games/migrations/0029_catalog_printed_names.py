"""The catalog's names in German, French, Spanish and Polish, as each publisher printed them
(Heidelberger Spieleverlag, Edge, Galakta) where known, else the league's own translation;
the sources, name by name, are in docs/catalog-names.md.

English is copied from the untranslated column, so every row reads as before; a row staff
renamed (its English name is not one of these) keeps English in every language until staff
translate it in the admin. Ancient Ones and investigators keep their proper names (not
translated at all); Ghroth, Tulzscha and the Kingsport guardians are the same in every
language, as every edition printed them.
"""

from django.db import migrations
from django.db.models import F, Q

LANGUAGES = ("de", "fr", "es", "pl")

BOXES = {
    "Arkham Horror": ("Arkham Horror", "Horreur à Arkham", "Arkham Horror", "Horror w Arkham"),
    "Curse of the Dark Pharaoh": (
        "Der Fluch des Schwarzen Pharao",
        "La Malédiction du Pharaon Noir",
        "La Maldición del Faraón Oscuro",
        "Klątwa Czarnego Faraona",
    ),
    "Dunwich Horror": (
        "Das Grauen von Dunwich",
        "L'Horreur de Dunwich",
        "El Horror de Dunwich",
        "Koszmar z Dunwich",
    ),
    "The King in Yellow": (
        "Der König in Gelb",
        "Le Roi en Jaune",
        "El Rey de Amarillo",
        "Król w Żółci",
    ),
    "Kingsport Horror": (
        "Kingsport Horror",
        "L'Horreur de Kingsport",
        "El Horror de Kingsport",
        "Groza w Kingsport",
    ),
    "The Black Goat of the Woods": (
        "Schwarze Ziege der Wälder",
        "La Chèvre Noire des Bois",
        "La Cabra Negra de los Bosques",
        "Czarna Koza z Lasów",
    ),
    "Innsmouth Horror": (
        "Schatten über Innsmouth",
        "L'Horreur d'Innsmouth",
        "El Horror de Innsmouth",
        "Widmo nad Innsmouth",
    ),
    "The Lurker at the Threshold": (
        "Der Lauerer an der Schwelle",
        "Le Rôdeur devant le Seuil",
        "El Acechador en el Umbral",
        "Czyhający u Progu",
    ),
    "Miskatonic Horror": (
        "Miskatonic Horror",
        "L'Horreur de Miskatonic",
        "El Horror de Miskatonic",
        "Groza na Miskatonic",
    ),
    "Promotional": (
        "Promo-Material",
        "Matériel promotionnel",
        "Material promocional",
        "Materiały promocyjne",
    ),
}

HERALDS = {
    "The King in Yellow": ("Der König in Gelb", "Le Roi en Jaune", "El Rey de Amarillo", "Król w Żółci"),
    "The Black Goat of the Woods": (
        "Die Schwarze Ziege der Wälder",
        "La Chèvre Noire des Bois",
        "La Cabra Negra de los Bosques",
        "Czarna Koza z Lasów",
    ),
    "Ghroth": ("Ghroth",) * 4,
    "Tulzscha": ("Tulzscha",) * 4,
    "Father Dagon": ("Vater Dagon", "Père Dagon", "Padre Dagón", "Ojciec Dagon"),
    "Mother Hydra": ("Mutter Hydra", "Mère Hydra", "Madre Hidra", "Matka Hydra"),
    "The Lurker at the Threshold": (
        "Der Lauerer an der Schwelle",
        "Le Rôdeur devant le Seuil",
        "El Acechador en el Umbral",
        "Czyhający u Progu",
    ),
    "The Dark Pharaoh": ("Der Schwarze Pharao", "Le Pharaon Noir", "El Faraón Oscuro", "Czarny Faraon"),
    "The Dunwich Horror": (
        "Das Grauen von Dunwich",
        "L'Horreur de Dunwich",
        "El Horror de Dunwich",
        "Koszmar z Dunwich",
    ),
}

OCCUPATIONS = {
    # English occupation: de, fr, es, pl (in the investigator's gender)
    "Student": ("Studentin", "Étudiante", "Estudiante", "Studentka"),
    "Drifter": ("Landstreicher", "Vagabond", "Vagabundo", "Włóczęga"),
    "Salesman": ("Handelsvertreter", "Représentant de commerce", "Vendedor", "Komiwojażer"),
    "Psychologist": ("Psychologin", "Psychologue", "Psicóloga", "Psycholożka"),
    "Photographer": ("Fotograf", "Photographe", "Fotógrafo", "Fotograf"),
    "Magician": ("Zauberkünstler", "Magicien", "Mago", "Iluzjonista"),
    "Author": ("Schriftstellerin", "Écrivaine", "Escritora", "Pisarka"),
    "Professor": ("Professor", "Professeur", "Profesor", "Profesor"),
    "Dilettante": ("Dilettantin", "Dilettante", "Diletante", "Dyletantka"),
    "Private Eye": ("Privatdetektiv", "Détective privé", "Detective privado", "Prywatny detektyw"),
    "Scientist": ("Wissenschaftlerin", "Scientifique", "Científica", "Naukowiec"),
    "Researcher": ("Forscherin", "Chercheuse", "Documentalista", "Dokumentalistka"),
    "Gangster": ("Gangster", "Gangster", "Gánster", "Gangster"),
    "Archeologist": ("Archäologe", "Archéologue", "Arqueólogo", "Archeolog"),
    "Nun": ("Nonne", "Religieuse", "Monja", "Zakonnica"),
    "Doctor": ("Arzt", "Médecin", "Médico", "Lekarz"),
    "Redeemed Cultist": (
        "Geläuterte Kultistin",
        "Cultiste repentie",
        "Sectaria redimida",
        "Nawrócona kultystka",
    ),
    "Psychic": ("Medium", "Médium", "Vidente", "Medium"),
    "Musician": ("Musiker", "Musicien", "Músico", "Muzyk"),
    "Expedition Leader": (
        "Expeditionsleiter",
        "Chef d'expédition",
        "Jefe de expedición",
        "Kierownik wyprawy",
    ),
    "Entertainer": ("Unterhaltungskünstlerin", "Artiste de cabaret", "Artista", "Artystka estradowa"),
    "Soldier": ("Soldat", "Soldat", "Soldado", "Żołnierz"),
    "Athlete": ("Athletin", "Athlète", "Atleta", "Sportsmenka"),
    "Handyman": ("Handwerker", "Homme à tout faire", "Manitas", "Złota rączka"),
    "Politician": ("Politiker", "Politicien", "Político", "Polityk"),
    "Librarian": ("Bibliothekarin", "Bibliothécaire", "Bibliotecaria", "Bibliotekarka"),
    "Martial Artist": ("Kampfkünstlerin", "Artiste martiale", "Artista marcial", "Mistrzyni sztuk walki"),
    "Actress": ("Schauspielerin", "Actrice", "Actriz", "Aktorka"),
    "Dreamer": ("Träumer", "Rêveur", "Soñador", "Śniący"),
    "Reporter": ("Reporter", "Reporter", "Reportero", "Reporter"),
    "Bounty Hunter": ("Kopfgeldjäger", "Chasseur de primes", "Cazarrecompensas", "Łowca nagród"),
    "Urchin": ("Straßenkind", "Gamine des rues", "Pilluela", "Dziecko ulicy"),
    "Waitress": ("Kellnerin", "Serveuse", "Camarera", "Kelnerka"),
    "Shaman": ("Schamanin", "Chamane", "Chamana", "Szamanka"),
    "Bootlegger": ("Alkoholschmuggler", "Contrebandier", "Contrabandista", "Przemytnik alkoholu"),
    "Lawyer": ("Anwalt", "Avocat", "Abogado", "Prawnik"),
    "Farmhand": ("Knecht", "Ouvrier agricole", "Peón de granja", "Parobek"),
    "Secretary": ("Sekretärin", "Secrétaire", "Secretaria", "Sekretarka"),
    "Astronomer": ("Astronom", "Astronome", "Astrónomo", "Astronom"),
    "Violinist": ("Geigerin", "Violoniste", "Violinista", "Skrzypaczka"),
    "Fed": ("Bundesagent", "Agent fédéral", "Agente federal", "Agent federalny"),
    "Sailor": ("Seemann", "Marin", "Marinero", "Marynarz"),
    "Ex-Convict": ("Ex-Sträfling", "Ancien détenu", "Exconvicto", "Były więzień"),
    "Rookie Cop": ("Junger Polizist", "Jeune policier", "Policía novato", "Młody policjant"),
    "Spy": ("Spionin", "Espionne", "Espía", "Szpieg"),
    "Explorer": ("Entdeckerin", "Exploratrice", "Exploradora", "Odkrywczyni"),
    "Gravedigger": ("Totengräber", "Fossoyeur", "Sepulturero", "Grabarz"),
    "Chef": ("Köchin", "Cuisinière", "Cocinera", "Kucharka"),
    "the Damned": ("der Verdammte", "le Damné", "el Condenado", "Potępiony"),
}

NOTES = {
    "Awakening = defeat; cannot be banished.": (
        "Erwachen = Niederlage; kann nicht verbannt werden.",
        "Réveil = défaite ; ne peut pas être banni.",
        "Despertar = derrota; no puede ser desterrado.",
        "Przebudzenie = porażka; nie można go wygnać.",
    ),
    "Special defeat; value from one source.": (
        "Eigene Niederlageregel; Wert aus einer Quelle.",
        "Défaite spéciale ; valeur tirée d'une seule source.",
        "Derrota especial; valor de una sola fuente.",
        "Specjalna porażka; wartość z jednego źródła.",
    ),
    "Value from one source.": (
        "Wert aus einer Quelle.",
        "Valeur tirée d'une seule source.",
        "Valor de una sola fuente.",
        "Wartość z jednego źródła.",
    ),
    "Special defeat.": (
        "Eigene Niederlageregel.",
        "Défaite spéciale.",
        "Derrota especial.",
        "Specjalna porażka.",
    ),
    "Must be defeated twice to banish.": (
        "Muss zweimal besiegt werden, um verbannt zu werden.",
        "Doit être vaincu deux fois pour être banni.",
        "Hay que derrotarlo dos veces para desterrarlo.",
        "Trzeba go pokonać dwa razy, by go wygnać.",
    ),
    "Promo (Arkham Nights 2010).": (
        "Promo (Arkham Nights 2010).",
        "Promo (Arkham Nights 2010).",
        "Promocional (Arkham Nights 2010).",
        "Promocyjny (Arkham Nights 2010).",
    ),
}

# Every edition kept the Kingsport guardians' names.
GUARDIANS = {name: (name,) * 4 for name in ("Bast", "Hypnos", "Nodens")}

# model, translated field, names by their English
TABLES = [
    ("Box", "name", BOXES),
    ("Herald", "name", HERALDS),
    ("Guardian", "name", GUARDIANS),
    ("Investigator", "occupation", OCCUPATIONS),
    ("AncientOne", "note", NOTES),
]


def fill(apps, schema_editor):
    for model_name, field, names in TABLES:
        model = apps.get_model("games", model_name)
        english = f"{field}_en"
        unset = Q(**{f"{english}__isnull": True}) | Q(**{english: ""})
        model.objects.filter(unset).update(**{english: F(field)})
        for source, printed in names.items():
            model.objects.filter(**{english: source}).update(
                **{f"{field}_{language}": text for language, text in zip(LANGUAGES, printed)}
            )


def empty(apps, schema_editor):
    for model_name, field, _ in TABLES:
        columns = [f"{field}_{language}" for language in ("en", *LANGUAGES)]
        apps.get_model("games", model_name).objects.update(**dict.fromkeys(columns))


class Migration(migrations.Migration):
    dependencies = [("games", "0028_catalog_names_per_language")]

    operations = [migrations.RunPython(fill, empty)]
