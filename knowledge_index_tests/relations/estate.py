# ruff: noqa: E501  (document templates read better unwrapped)
"""A generated law-firm estate with known answers for relate and extract_decisions.

Two matters of the firm (Weber & Partner) in folders `<reference> <title>`:

* 2024-0173 Liefervertrag (German): the counterparty's draft v1 -> our redline v2 (tracked
  changes and comments explaining them) -> the counterparty's redline ("Kommentare Müller") ->
  the agreed text, named just "Liefervertrag.docx" in a subfolder -> the signed PDF, which also
  sits byte-identical in a second folder; two annexes and an amendment naming the agreement by
  date; a letter and the answer to it; a file note that references the agreement; a meeting note
  as DOCX and as Markdown, a phone note twice with different whitespace; a power of attorney
  whose only tracked change is a typo fix (no decision in it); an e-mail thread in which one
  reply lacks In-Reply-To (References only) and one rewrites the subject; the two redlines were
  sent as mail attachments and are also stored as files.
* 2025-0042 Share Purchase (English): the same series for a share purchase agreement (our
  markup is named "(WP comments)", the other side's "markup"), the agreed form copied into the
  data room, a schedule and an amendment, a letter and the reply, a memo referencing the SPA,
  two research notes that differ by one sentence, and two unrelated e-mail threads that share
  the subject "Signing arrangements" (different people, months apart), which must stay apart.

`generate(root)` writes the files and returns `Expected`; `generate_scaled` writes cheap
variants of the same patterns for benchmarks/bench_relate.py.
"""

from __future__ import annotations

import datetime as dt
import os
import random
import textwrap
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

from knowledge_index_tests.convert.samples import make_text_pdf
from knowledge_index_tests.model_stages.estate import FIRM, FIRM_ALIASES
from knowledge_index_tests.relations.docx_writer import Edit, docx_bytes, redline

__all__ = ["FIRM", "FIRM_ALIASES", "Expected", "FileExpect", "generate", "generate_scaled"]

LABELS = ("draft", "redline", "counterparty_redline", "final", "executed")
RELATION_TYPES = (
    "redline_against",
    "duplicate_of",
    "near_duplicate_of",
    "annex_of",
    "amends",
    "responds_to",
    "references",
)
# Scored at the level of the target's logical document: "the Liefervertrag" may be linked to
# any of its versions (the annex names the agreement, not one file of it).
FAMILY_TARGET = frozenset({"annex_of", "amends", "references"})
UNDIRECTED = frozenset({"duplicate_of", "near_duplicate_of"})


@dataclass
class FileExpect:
    path: str
    matter: str
    family: str  # expected logical document
    version: int | None = None  # order within the family (1 = oldest); copies share it
    label: str | None = None
    identity: str = "new_document"  # for a copy/near-copy: what its original is
    copy_of: str | None = None  # byte-identical original (-> identity duplicate)
    near_of: str | None = None  # near-duplicate original (-> identity near_duplicate)
    redline_against: str | None = None
    decisions: tuple[frozenset[str], ...] = ()  # acceptable categories, one entry per decision
    revision_evidence: bool = False
    email: bool = False


@dataclass
class Expected:
    files: dict[str, FileExpect] = field(default_factory=dict)
    relations: set[tuple[str, str, str]] = field(default_factory=set)  # (source, type, target)
    threads: list[frozenset[str]] = field(default_factory=list)
    apart: list[tuple[str, str]] = field(default_factory=list)  # must be in different threads
    # Persons and parties named in the comments and change authors: never in a stored decision.
    names: list[str] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.files)

    def groups(self, attr: str) -> list[set[str]]:
        """Connected groups of `copy_of` or `near_of` links (each with its original)."""
        parent: dict[str, str] = {}

        def find(x: str) -> str:
            while parent.get(x, x) != x:
                x = parent[x]
            return x

        for f in self.files.values():
            other = getattr(f, attr)
            if other:
                parent[find(f.path)] = find(other)
        out: dict[str, set[str]] = {}
        for f in self.files.values():
            if getattr(f, attr) or f.path in parent.values():
                out.setdefault(find(f.path), set()).add(f.path)
        return [g for g in out.values() if len(g) > 1]


class _Writer:
    def __init__(self, root: Path, expected: Expected) -> None:
        self.root = root
        self.exp = expected

    def put(self, rel: str, data: bytes | str, when: dt.date, **expect) -> str:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
        stamp = dt.datetime.combine(when, dt.time(12), dt.UTC).timestamp()
        os.utime(path, (stamp, stamp))
        expect.setdefault("family", rel)
        self.exp.files[rel] = FileExpect(rel, **expect)
        return rel

    def copy(self, original: str, rel: str, when: dt.date, *, write: bool = True) -> str:
        """A byte-identical copy (or an attachment child when write=False)."""
        src = self.exp.files[original]
        if write:
            path = self.root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes((self.root / original).read_bytes())
            stamp = dt.datetime.combine(when, dt.time(12), dt.UTC).timestamp()
            os.utime(path, (stamp, stamp))
        self.exp.files[rel] = FileExpect(
            rel,
            src.matter,
            src.family,
            src.version,
            src.label,
            src.identity,
            copy_of=original,
            revision_evidence=src.revision_evidence,
            email=False,
        )
        self.exp.relations.add((rel, "duplicate_of", original))
        return rel

    def relate(self, source: str, relation: str, target: str) -> None:
        self.exp.relations.add((source, relation, target))


def _at(d: dt.date, hour: int = 10) -> dt.datetime:
    return dt.datetime.combine(d, dt.time(hour), dt.UTC)


def _pdf(lines: list[str]) -> bytes:
    wrapped: list[str] = []
    for line in lines:
        wrapped.extend(textwrap.wrap(line, 72) or [""])
    return make_text_pdf([wrapped[i : i + 34] for i in range(0, len(wrapped), 34)])


def _eml(
    *,
    subject: str,
    sender: str,
    to: str,
    when: dt.datetime,
    message_id: str,
    body: str,
    in_reply_to: str | None = None,
    references: tuple[str, ...] = (),
    attachments: tuple[tuple[str, bytes], ...] = (),
) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = format_datetime(when)
    msg["Message-ID"] = message_id
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
    if references:
        msg["References"] = " ".join(references)
    msg.set_content(body)
    for filename, data in attachments:
        if filename.endswith(".docx"):
            maintype, subtype = (
                "application",
                "vnd.openxmlformats-officedocument.wordprocessingml.document",
            )
        elif filename.endswith(".pdf"):
            maintype, subtype = "application", "pdf"
        else:
            maintype, subtype = "text", "plain"
        msg.add_attachment(data, maintype=maintype, subtype=subtype, filename=filename)
    return msg.as_bytes()


# --- 2024-0173 Liefervertrag (German) --------------------------------------------------------

DE_MATTER = "2024-0173"
DE = "Mandanten/Acme GmbH/2024-0173 Liefervertrag"
ANNA = "Dr. Anna Weber"
MUELLER = "Thomas Müller"

LV_V1 = [
    "Liefervertrag",
    "zwischen der Acme GmbH, Leopoldstraße 10, 80802 München (Amtsgericht München, HRB 12345) – nachfolgend „Lieferant“ – und der Müller Bau GmbH, Rheinallee 5, 50667 Köln (Amtsgericht Köln, HRB 98765) – nachfolgend „Besteller“ –",
    "§ 1 Vertragsgegenstand",
    "Der Lieferant liefert dem Besteller Fräsmaschinen des Typs FM-400 nach Maßgabe der Leistungsbeschreibung in Anlage 1. Einzelheiten der Lieferung regeln Einzelabrufe des Bestellers.",
    "§ 2 Preise",
    "Die Preise ergeben sich aus der Preisliste in Anlage 2. Sie verstehen sich netto zuzüglich der gesetzlichen Umsatzsteuer, frei Werk Köln.",
    "§ 3 Zahlung",
    "Rechnungen sind innerhalb von 60 Tagen nach Rechnungsstellung ohne Abzug zur Zahlung fällig. Bei Zahlungsverzug schuldet der Besteller Verzugszinsen in gesetzlicher Höhe.",
    "§ 4 Lieferung",
    "Die Lieferung erfolgt innerhalb von acht Wochen nach Zugang des Einzelabrufs. Teillieferungen sind zulässig, soweit sie dem Besteller zumutbar sind.",
    "§ 5 Abnahme",
    "Der Besteller prüft die gelieferten Maschinen unverzüglich nach Anlieferung und zeigt Mängel innerhalb von zehn Werktagen schriftlich an.",
    "§ 6 Gewährleistung",
    "Die Gewährleistungsfrist beträgt 12 Monate ab Abnahme. Der Lieferant kann nach seiner Wahl nachbessern oder Ersatz liefern.",
    "§ 7 Haftung",
    "Der Lieferant haftet unbeschränkt für sämtliche Schäden aus oder im Zusammenhang mit diesem Vertrag.",
    "§ 8 Vertraulichkeit",
    "Die Parteien behandeln alle im Rahmen dieses Vertrags erhaltenen Informationen vertraulich. Diese Pflicht gilt zwei Jahre über das Vertragsende hinaus.",
    "§ 9 Laufzeit und Kündigung",
    "Der Vertrag läuft auf unbestimmte Zeit. Er kann von jeder Partei mit einer Frist von drei Monaten zum Quartalsende gekündigt werden.",
    "§ 10 Schlussbestimmungen",
    "Es gilt deutsches Recht unter Ausschluss des UN-Kaufrechts. Gerichtsstand ist München. Änderungen bedürfen der Schriftform.",
]
LV_OURS = [
    Edit(
        7,
        "60 Tagen",
        "30 Tagen",
        "Ein Zahlungsziel von 60 Tagen ist für die Acme GmbH nicht tragbar; 30 Tage sind branchenüblich und mit Herrn Dr. Acker so abgestimmt.",
        frozenset({"payment_terms"}),
    ),
    Edit(
        15,
        "haftet unbeschränkt für sämtliche Schäden aus oder im Zusammenhang mit diesem Vertrag.",
        "haftet für Schäden aus oder im Zusammenhang mit diesem Vertrag der Höhe nach begrenzt auf die in den letzten zwölf Monaten vor dem Schadensereignis gezahlte Vergütung; dies gilt nicht bei Vorsatz, grober Fahrlässigkeit und der Verletzung von Leben, Körper oder Gesundheit.",
        "Unbeschränkte Haftung können wir nicht akzeptieren; Deckelung auf zwölf Monatsvergütungen entsprechend unserem Kanzleistandard.",
        frozenset({"liability_cap"}),
    ),
]
LV_THEIRS = [
    Edit(
        13,
        "12 Monate",
        "24 Monate",
        "Eine Verkürzung der gesetzlichen Gewährleistungsfrist auf 12 Monate ist für die Müller Bau GmbH nicht akzeptabel; wir bestehen auf 24 Monaten.",
        frozenset({"warranty"}),
    ),
    Edit(
        19,
        "drei Monaten zum Quartalsende",
        "sechs Monaten zum Jahresende",
        "Wir brauchen Planungssicherheit für unsere Bauprojekte; kürzer als sechs Monate geht nicht. T. Müller",
        # The change is the notice period of the termination clause: either reading.
        frozenset({"termination", "term_duration", "notice_period"}),
    ),
]
LV_SIGNATURES = [
    "München / Köln, den 3. März 2024",
    "gez. Dr. Klaus Acker, Geschäftsführer, für die Acme GmbH (unterschrieben)",
    "gez. Thomas Müller, Geschäftsführer, für die Müller Bau GmbH (unterschrieben)",
]


def _german(w: _Writer) -> None:
    exp = w.exp
    fam = "liefervertrag"
    common = {"matter": DE_MATTER, "family": fam}
    v1 = w.put(
        f"{DE}/Entwürfe/Liefervertrag v1.docx",
        docx_bytes(
            LV_V1, title="Liefervertrag", creator=MUELLER, created=_at(dt.date(2024, 1, 22))
        ),
        dt.date(2024, 1, 22),
        version=1,
        label="draft",
        **common,
    )
    marked, v2_text = redline(LV_V1, LV_OURS, ANNA, _at(dt.date(2024, 2, 5)))
    v2_bytes = docx_bytes(
        marked,
        title="Liefervertrag",
        creator=MUELLER,
        created=_at(dt.date(2024, 1, 22)),
        modified=_at(dt.date(2024, 2, 5), 17),
        modified_by=ANNA,
    )
    v2 = w.put(
        f"{DE}/Entwürfe/Liefervertrag v2 Redline.docx",
        v2_bytes,
        dt.date(2024, 2, 5),
        version=2,
        label="redline",
        identity="new_version",
        redline_against=v1,
        decisions=tuple(e.category for e in LV_OURS),
        revision_evidence=True,
        **common,
    )
    w.relate(v2, "redline_against", v1)
    marked, v3_text = redline(v2_text, LV_THEIRS, MUELLER, _at(dt.date(2024, 2, 19)))
    v3_bytes = docx_bytes(
        marked,
        title="Liefervertrag",
        creator=MUELLER,
        created=_at(dt.date(2024, 1, 22)),
        modified=_at(dt.date(2024, 2, 19), 16),
        modified_by=MUELLER,
    )
    v3 = w.put(
        f"{DE}/Gegenseite/Liefervertrag Kommentare Müller.docx",
        v3_bytes,
        dt.date(2024, 2, 19),
        version=3,
        label="counterparty_redline",
        identity="new_version",
        redline_against=v2,
        decisions=tuple(e.category for e in LV_THEIRS),
        revision_evidence=True,
        **common,
    )
    w.relate(v3, "redline_against", v2)
    w.put(
        f"{DE}/Vertrag/Liefervertrag.docx",
        docx_bytes(
            v3_text,
            title="Liefervertrag",
            creator=ANNA,
            created=_at(dt.date(2024, 2, 28)),
        ),
        dt.date(2024, 2, 28),
        version=4,
        label="final",
        identity="new_version",
        **common,
    )
    executed = w.put(
        f"{DE}/Vertrag/Liefervertrag unterschrieben.pdf",
        _pdf([*v3_text, "", *LV_SIGNATURES]),
        dt.date(2024, 3, 4),
        version=5,
        label="executed",
        identity="new_version",
        **common,
    )
    w.copy(
        executed, f"{DE}/An Mandant versandt/Liefervertrag unterschrieben.pdf", dt.date(2024, 3, 5)
    )

    annex1 = w.put(
        f"{DE}/Anlagen/Anlage 1 Leistungsbeschreibung.txt",
        "Anlage 1 zum Liefervertrag vom 3. März 2024 zwischen der Acme GmbH und der Müller Bau GmbH\n\n"
        "Leistungsbeschreibung Fräsmaschine FM-400\n\n"
        "1. Arbeitsraum: 400 x 300 x 250 mm; Spindeldrehzahl bis 24.000 U/min.\n"
        "2. Steuerung: 5-Achs-CNC mit Werkzeugwechsler für 24 Werkzeuge.\n"
        "3. Lieferumfang: Maschine, Kühlmittelanlage, Späneförderer, Dokumentation in deutscher Sprache.\n"
        "4. Inbetriebnahme und Einweisung von zwei Mitarbeitern des Bestellers vor Ort.\n",
        dt.date(2024, 3, 3),
        matter=DE_MATTER,
    )
    w.relate(annex1, "annex_of", executed)
    annex2 = w.put(
        f"{DE}/Anlagen/Anlage 2 Preisliste.pdf",
        _pdf(
            [
                "Anlage 2 zum Liefervertrag vom 3. März 2024",
                "Preisliste (netto, frei Werk Köln)",
                "Fräsmaschine FM-400, Grundausstattung: 184.000 EUR",
                "Werkzeugwechsler 24-fach: 21.500 EUR",
                "Inbetriebnahme und Einweisung: 4.800 EUR",
            ]
        ),
        dt.date(2024, 3, 3),
        matter=DE_MATTER,
    )
    w.relate(annex2, "annex_of", executed)
    amendment = w.put(
        f"{DE}/Nachträge/Nachtrag Nr. 1.docx",
        docx_bytes(
            [
                "Nachtrag Nr. 1 zum Liefervertrag vom 3. März 2024",
                "zwischen der Acme GmbH (Lieferant) und der Müller Bau GmbH (Besteller)",
                "1. § 4 Satz 1 des Liefervertrags wird wie folgt neu gefasst: „Die Lieferung erfolgt innerhalb von zehn Wochen nach Zugang des Einzelabrufs.“",
                "2. Im Übrigen bleibt der Liefervertrag unverändert.",
                "München / Köln, den 10. September 2024",
            ],
            title="Nachtrag Nr. 1",
            creator=ANNA,
            created=_at(dt.date(2024, 9, 10)),
        ),
        dt.date(2024, 9, 10),
        matter=DE_MATTER,
    )
    w.relate(amendment, "amends", executed)
    letter = w.put(
        f"{DE}/Korrespondenz/2024-03-12 Schreiben Müller Bau.txt",
        "Müller Bau GmbH · Rheinallee 5 · 50667 Köln\n\n"
        "Weber & Partner Rechtsanwälte PartG mbB\nMaximilianstraße 1\n80539 München\n\n"
        "Köln, 12. März 2024\n\n"
        "Mängelrüge Fräsmaschine FM-400, Lieferschein 4711\n\n"
        "Sehr geehrte Frau Dr. Weber,\n\n"
        "die am 8. März 2024 gelieferte Fräsmaschine weist erhebliche Mängel auf: Die Spindel erreicht "
        "nicht die zugesagte Drehzahl, und der Werkzeugwechsler blockiert. Wir fordern Ihre Mandantin "
        "auf, die Mängel bis zum 29. März 2024 zu beseitigen.\n\n"
        "Mit freundlichen Grüßen\nThomas Müller\nGeschäftsführer\n",
        dt.date(2024, 3, 12),
        matter=DE_MATTER,
    )
    reply = w.put(
        f"{DE}/Korrespondenz/2024-03-15 Antwort Mängelrüge.txt",
        "Weber & Partner Rechtsanwälte PartG mbB · Maximilianstraße 1 · 80539 München\n\n"
        "Müller Bau GmbH\nHerrn Thomas Müller\nRheinallee 5\n50667 Köln\n\n"
        "Unser Zeichen: 2024-0173\nMünchen, 15. März 2024\n\n"
        "Bezug: Ihr Schreiben vom 12. März 2024 – Mängelrüge Lieferschein 4711\n\n"
        "Sehr geehrter Herr Müller,\n\n"
        "namens unserer Mandantin weisen wir die Mängelrüge zurück. Die Drehzahl wurde bei der "
        "Inbetriebnahme protokolliert; die Blockade des Werkzeugwechslers beruht auf einem "
        "Bedienfehler. Unsere Mandantin bietet gleichwohl eine kostenlose Nachschulung an.\n\n"
        "Mit freundlichen Grüßen\nDr. Anna Weber\nRechtsanwältin\n",
        dt.date(2024, 3, 15),
        matter=DE_MATTER,
    )
    w.relate(reply, "responds_to", letter)
    note = w.put(
        f"{DE}/Vermerke/Vermerk Haftungsrisiken.txt",
        "Vermerk\n\nAz. 2024-0173\nDatum: 20. März 2024\n\n"
        "Betreff: Haftungsrisiken der Mandantin aus der Mängelrüge\n\n"
        "Die Haftung der Mandantin ist nach § 7 des Liefervertrags vom 3. März 2024 auf die in den "
        "letzten zwölf Monaten gezahlte Vergütung begrenzt. Die Gewährleistungsfrist beträgt nach "
        "§ 6 des Liefervertrags 24 Monate. Ein Rücktritt des Bestellers kommt erst nach zwei "
        "fehlgeschlagenen Nachbesserungsversuchen in Betracht.\n",
        dt.date(2024, 3, 20),
        matter=DE_MATTER,
    )
    w.relate(note, "references", executed)

    meeting = [
        "Besprechungsnotiz",
        "Teilnehmer: Geschäftsführung der Mandantin, Dr. Anna Weber",
        "Thema: Wahl des Produktionsstandorts für die Baureihe FM-500",
        "Die Mandantin erwägt, die Fertigung der neuen Baureihe von München nach Chemnitz zu verlagern. Ausschlaggebend sind Flächenverfügbarkeit und Fördermittel des Freistaats Sachsen.",
        "Arbeitsrechtlich ist ein Interessenausgleich mit dem Betriebsrat zu verhandeln; ein Sozialplan wird voraussichtlich erforderlich.",
        "Nächste Schritte: Entwurf eines Zeitplans bis Ende April, Abstimmung mit der Steuerberatung zu Fördermittelrückforderungen.",
    ]
    meet_docx = w.put(
        f"{DE}/Vermerke/Besprechungsnotiz Standort.docx",
        docx_bytes(
            meeting, title="Besprechungsnotiz", creator=ANNA, created=_at(dt.date(2024, 4, 2))
        ),
        dt.date(2024, 4, 2),
        matter=DE_MATTER,
        family="besprechungsnotiz",
    )
    meet_md = w.put(
        f"{DE}/Vermerke/Besprechungsnotiz Standort.md",
        f"# {meeting[0]}\n\n" + "\n\n".join(meeting[1:]) + "\n",
        dt.date(2024, 4, 3),
        matter=DE_MATTER,
        family="besprechungsnotiz",
        near_of=meet_docx,
    )
    w.relate(meet_md, "near_duplicate_of", meet_docx)
    call = (
        "Aktennotiz Telefonat\n\nAz. 2024-0173, 20. Februar 2024\n\n"
        "Gespräch mit der Geschäftsführung der Mandantin über den Stand der Verhandlungen. "
        "Die Mandantin kann mit einer Gewährleistungsfrist von 24 Monaten leben, wenn die "
        "Haftungsbegrenzung bleibt. Sie bittet um einen Unterschriftstermin Anfang März. "
        "Die Kündigungsfrist von sechs Monaten ist für die Mandantin unkritisch, weil die "
        "Rahmenplanung ohnehin jährlich erfolgt. Rückruf bis Freitag zugesagt.\n"
    )
    call1 = w.put(
        f"{DE}/Vermerke/Aktennotiz Telefonat 20.02.2024.txt",
        call,
        dt.date(2024, 2, 20),
        matter=DE_MATTER,
        family="aktennotiz-telefonat",
    )
    call2 = w.put(
        f"{DE}/Notizen/Telefonat Mandantin Februar.txt",
        "\n".join(textwrap.wrap(call.replace("\n\n", "\n"), 60)).replace(". ", ".  ") + "\n\n",
        dt.date(2024, 2, 21),
        matter=DE_MATTER,
        family="aktennotiz-telefonat",
        near_of=call1,
    )
    w.relate(call2, "near_duplicate_of", call1)
    # Tracked changes, but only a typo fixed by the assistant and no comment: no decision.
    marked, _ = redline(
        [
            "Vollmacht",
            "Hiermit bevollmächtigt die Acme GmbH die Weber & Partner Rechtsanwälte PartG mbB zur Vertetung in der Angelegenheit Liefervertrag Müller Bau GmbH.",
            "München, den 15. Januar 2024",
        ],
        [Edit(1, "Vertetung", "Vertretung")],
        "Sabine Kurz",
        _at(dt.date(2024, 1, 15)),
    )
    w.put(
        f"{DE}/Vollmacht.docx",
        docx_bytes(
            marked, title="Vollmacht", creator="Sabine Kurz", created=_at(dt.date(2024, 1, 15))
        ),
        dt.date(2024, 1, 15),
        matter=DE_MATTER,
        revision_evidence=True,
    )

    # E-mail thread: the redlines travel as attachments that are also stored as files.
    mails = f"{DE}/Korrespondenz/E-Mails"
    anna, tm = (
        "Dr. Anna Weber <a.weber@weber-partner.example>",
        "Thomas Müller <t.mueller@muellerbau.example>",
    )
    ids = [f"<lv-{i}@{'weber-partner' if i % 2 else 'muellerbau'}.example>" for i in (1, 2, 3, 4)]
    subject = "Liefervertrag Acme / Müller Bau – Entwurf"
    m1 = w.put(
        f"{mails}/01 Entwurf Liefervertrag.eml",
        _eml(
            subject=subject,
            sender=anna,
            to=tm,
            when=_at(dt.date(2024, 2, 5), 17),
            message_id=ids[0],
            body="Sehr geehrter Herr Müller,\n\nanbei unsere Anmerkungen zum Entwurf des Liefervertrags im Änderungsmodus.\n\nMit freundlichen Grüßen\nAnna Weber",
            attachments=(("Liefervertrag v2 Redline.docx", v2_bytes),),
        ),
        dt.date(2024, 2, 5),
        matter=DE_MATTER,
        email=True,
    )
    w.copy(v2, f"{m1}!/Liefervertrag v2 Redline.docx", dt.date(2024, 2, 5), write=False)
    m2 = w.put(
        f"{mails}/02 AW Entwurf Liefervertrag.eml",
        _eml(
            subject=f"AW: {subject}",
            sender=tm,
            to=anna,
            when=_at(dt.date(2024, 2, 19), 16),
            message_id=ids[1],
            in_reply_to=ids[0],
            references=(ids[0],),
            body="Sehr geehrte Frau Dr. Weber,\n\nanbei unsere Kommentare. Gewährleistung und Kündigungsfrist sind für uns zentral.\n\nBeste Grüße\nThomas Müller",
            attachments=(("Liefervertrag Kommentare Müller.docx", v3_bytes),),
        ),
        dt.date(2024, 2, 19),
        matter=DE_MATTER,
        email=True,
    )
    w.copy(v3, f"{m2}!/Liefervertrag Kommentare Müller.docx", dt.date(2024, 2, 19), write=False)
    m3 = w.put(  # a client that keeps References but drops In-Reply-To
        f"{mails}/03 AW AW Entwurf Liefervertrag.eml",
        _eml(
            subject=f"AW: AW: {subject}",
            sender=anna,
            to=tm,
            when=_at(dt.date(2024, 2, 21), 9),
            message_id=ids[2],
            references=(ids[0], ids[1]),
            body="Sehr geehrter Herr Müller,\n\nunsere Mandantin akzeptiert beide Punkte. Wir bereiten die Unterschriftsfassung vor.\n\nMit freundlichen Grüßen\nAnna Weber",
        ),
        dt.date(2024, 2, 21),
        matter=DE_MATTER,
        email=True,
    )
    m4 = w.put(  # a reply whose subject was rewritten
        f"{mails}/04 Unterschriftstermin.eml",
        _eml(
            subject="Unterschriftstermin 3. März",
            sender=tm,
            to=anna,
            when=_at(dt.date(2024, 2, 26), 11),
            message_id=ids[3],
            in_reply_to=ids[2],
            references=(ids[0], ids[1], ids[2]),
            body="Sehr geehrte Frau Dr. Weber,\n\nwir schlagen den 3. März in Köln für die Unterzeichnung vor.\n\nBeste Grüße\nThomas Müller",
        ),
        dt.date(2024, 2, 26),
        matter=DE_MATTER,
        email=True,
    )
    exp.threads.append(frozenset({m1, m2, m3, m4}))
    # A reply answers the message it replies to (In-Reply-To, else the last References entry).
    for reply, parent in ((m2, m1), (m3, m2), (m4, m3)):
        w.relate(reply, "responds_to", parent)
    exp.names += [
        "Anna Weber",
        "Acker",
        "Thomas Müller",
        "T. Müller",
        "Müller Bau",
        "Acme",
        "Sabine Kurz",
    ]


# --- 2025-0042 Share Purchase (English) ------------------------------------------------------

EN_MATTER = "2025-0042"
EN = "Clients/Northwind Ltd/2025-0042 Share Purchase"
AW = "Anna Weber"
SC = "Sarah Collins"

SPA_V1 = [
    "Share Purchase Agreement",
    "between Brightwater Holdings Ltd (registered in England and Wales under company number 07654321) as Seller and Northwind Ltd (registered in England and Wales under company number 01234567) as Buyer, relating to the entire issued share capital of Falcon Components Ltd",
    "1. Sale and purchase",
    "The Seller shall sell and the Buyer shall buy the Shares with full title guarantee and free from all Encumbrances, with effect from Completion.",
    "2. Consideration",
    "The Purchase Price is GBP 12,500,000. GBP 1,000,000 of the Purchase Price shall be retained in escrow for 24 months after Completion as security for claims.",
    "3. Completion",
    "Completion shall take place at the offices of the Buyer's solicitors on the fifth Business Day after the Conditions are satisfied.",
    "4. Warranties",
    "The Seller gives the Warranties in Schedule 3 as at the date of this Agreement and at Completion. Claims under the Warranties must be notified within 36 months after Completion.",
    "5. Tax indemnity",
    "The Seller shall indemnify the Buyer against any Taxation of the Company arising before Completion. The Seller's aggregate liability under this clause shall not exceed 10 per cent of the Purchase Price.",
    "6. Confidentiality",
    "Each party shall keep confidential the terms of this Agreement and all information received from the other party in connection with it.",
    "7. Governing law",
    "This Agreement and any non-contractual obligations arising out of it are governed by the laws of the State of New York.",
]
SPA_OURS = [
    Edit(
        11,
        "10 per cent",
        "100 per cent",
        "A tax indemnity capped at 10% is off-market for a share deal; we ask for the full purchase price, as per our standard. James Carter (Northwind) confirmed this is a deal-breaker.",
        frozenset({"indemnity", "liability_cap"}),
    ),
    Edit(
        15,
        "the laws of the State of New York",
        "the law of England and Wales",
        "Both parties are English companies and the target is in Birmingham; New York law makes no sense here. English law is our standard for UK share deals.",
        frozenset({"governing_law", "jurisdiction"}),
    ),
]
SPA_THEIRS = [
    Edit(
        5,
        "24 months",
        "12 months",
        "An escrow of 24 months is unusual for a business of this size; Brightwater proposes 12 months so that the proceeds can be distributed to its shareholders.",
        frozenset({"payment_terms", "price"}),
    ),
    Edit(
        9,
        "36 months",
        "18 months",
        "Brightwater will be wound down after the sale and can stand behind warranty claims for 18 months at most.",
        # How long warranty claims last: the warranty clause's limitation period.
        frozenset({"warranty", "limitation_period"}),
    ),
]


def _english(w: _Writer) -> None:
    exp = w.exp
    common = {"matter": EN_MATTER, "family": "spa"}
    v1 = w.put(
        f"{EN}/Drafts/SPA draft v1.docx",
        docx_bytes(
            SPA_V1, title="Share Purchase Agreement", creator=SC, created=_at(dt.date(2025, 2, 20))
        ),
        dt.date(2025, 2, 20),
        version=1,
        label="draft",
        **common,
    )
    marked, v2_text = redline(SPA_V1, SPA_OURS, AW, _at(dt.date(2025, 3, 10)))
    v2 = w.put(
        f"{EN}/Drafts/SPA v2 (WP comments).docx",
        docx_bytes(
            marked,
            title="Share Purchase Agreement",
            creator=SC,
            created=_at(dt.date(2025, 2, 20)),
            modified=_at(dt.date(2025, 3, 10), 18),
            modified_by=AW,
        ),
        dt.date(2025, 3, 10),
        version=2,
        label="redline",
        identity="new_version",
        redline_against=v1,
        decisions=tuple(e.category for e in SPA_OURS),
        revision_evidence=True,
        **common,
    )
    w.relate(v2, "redline_against", v1)
    marked, v3_text = redline(v2_text, SPA_THEIRS, SC, _at(dt.date(2025, 3, 24)))
    v3 = w.put(
        f"{EN}/From Brightwater/Share Purchase Agreement - Brightwater markup.docx",
        docx_bytes(
            marked,
            title="Share Purchase Agreement",
            creator=SC,
            created=_at(dt.date(2025, 2, 20)),
            modified=_at(dt.date(2025, 3, 24), 15),
            modified_by=SC,
        ),
        dt.date(2025, 3, 24),
        version=3,
        label="counterparty_redline",
        identity="new_version",
        redline_against=v2,
        decisions=tuple(e.category for e in SPA_THEIRS),
        revision_evidence=True,
        **common,
    )
    w.relate(v3, "redline_against", v2)
    final = w.put(
        f"{EN}/Closing/Share Purchase Agreement.docx",
        docx_bytes(
            v3_text, title="Share Purchase Agreement", creator=AW, created=_at(dt.date(2025, 5, 12))
        ),
        dt.date(2025, 5, 12),
        version=4,
        label="final",
        identity="new_version",
        **common,
    )
    w.copy(final, f"{EN}/Data room/Share Purchase Agreement.docx", dt.date(2025, 5, 13))
    executed = w.put(
        f"{EN}/Closing/Share Purchase Agreement - signed.pdf",
        _pdf(
            [
                *v3_text,
                "",
                "This Agreement has been entered into on 14 May 2025.",
                "Signed by Michael Hart, director, for and on behalf of Brightwater Holdings Ltd /s/",
                "Signed by James Carter, director, for and on behalf of Northwind Ltd /s/",
            ]
        ),
        dt.date(2025, 5, 14),
        version=5,
        label="executed",
        identity="new_version",
        **common,
    )
    schedule_text = (
        "Schedule 3 to the Share Purchase Agreement dated 14 May 2025 between Brightwater Holdings Ltd and Northwind Ltd\n\n"
        "Warranties\n\n"
        "1. The Company has been duly incorporated and validly exists under the laws of England and Wales.\n"
        "2. The Accounts give a true and fair view of the financial position of the Company at the Accounts Date.\n"
        "3. The Company is not engaged in any litigation and no such proceedings are threatened.\n"
        "4. The Company owns or is licensed to use all Intellectual Property used in its business.\n"
    )
    schedule = w.put(
        f"{EN}/Closing/Schedule 3 - Warranties.txt",
        schedule_text,
        dt.date(2025, 5, 14),
        matter=EN_MATTER,
    )
    w.relate(schedule, "annex_of", executed)
    amendment = w.put(
        f"{EN}/Post-completion/Amendment No 1.docx",
        docx_bytes(
            [
                "Amendment No. 1 to the Share Purchase Agreement dated 14 May 2025",
                "between Brightwater Holdings Ltd (Seller) and Northwind Ltd (Buyer)",
                "1. In clause 2 of the Agreement, the words “12 months” are replaced by “15 months”.",
                "2. Save as amended by this Amendment, the Agreement continues in full force and effect.",
                "Dated 3 November 2025",
            ],
            title="Amendment No. 1",
            creator=AW,
            created=_at(dt.date(2025, 11, 3)),
        ),
        dt.date(2025, 11, 3),
        matter=EN_MATTER,
    )
    w.relate(amendment, "amends", executed)
    letter = w.put(
        f"{EN}/Correspondence/Letter from Harlow LLP 2025-06-02.pdf",
        _pdf(
            [
                "Harlow LLP, 12 King Street, London EC2V 8EA",
                "Weber & Partner, London Office",
                "2 June 2025",
                "Our ref: PO/BW/118",
                "Completion accounts – Falcon Components Ltd",
                "Dear Sirs,",
                "We act for Brightwater Holdings Ltd. Our client disputes the working capital adjustment in the draft completion accounts delivered on 20 May 2025 and reserves all rights.",
                "Yours faithfully, Harlow LLP",
            ]
        ),
        dt.date(2025, 6, 2),
        matter=EN_MATTER,
    )
    reply = w.put(
        f"{EN}/Correspondence/Reply to Harlow LLP.txt",
        "Weber & Partner, London Office\n\nHarlow LLP\n12 King Street\nLondon EC2V 8EA\n\n"
        "Our ref: 2025-0042 / Your ref: PO/BW/118\n9 June 2025\n\n"
        "Completion accounts – Falcon Components Ltd\n\nDear Sirs,\n\n"
        "We refer to your letter of 2 June 2025. Our client does not accept that the working capital "
        "adjustment is wrong: it follows the accounting policies agreed between the parties. We invite "
        "your client to identify the items it disputes within 14 days.\n\nYours faithfully\nWeber & Partner\n",
        dt.date(2025, 6, 9),
        matter=EN_MATTER,
    )
    w.relate(reply, "responds_to", letter)
    memo = w.put(
        f"{EN}/Memos/Memo - warranty claim.txt",
        "Memorandum\n\nMatter: 2025-0042\nDate: 14 July 2025\n\nRe: possible warranty claim (litigation)\n\n"
        "Northwind has learnt of a supplier claim against the Company that predates Completion. Under "
        "clause 4 of the Share Purchase Agreement dated 14 May 2025 warranty claims must be notified "
        "within 18 months after Completion; the litigation warranty in paragraph 3 of Schedule 3 appears "
        "to be breached. We recommend a protective notification now.\n",
        dt.date(2025, 7, 14),
        matter=EN_MATTER,
    )
    w.relate(memo, "references", executed)
    note = [
        "Research note: limitation periods for warranty claims",
        "Under English law, contractual limitation periods agreed in a share purchase agreement are generally upheld between commercial parties.",
        "A claim notified within the contractual period must usually also be issued within a further period, often six or nine months.",
        "Courts construe notification clauses strictly: the notice must identify the warranty and give reasonable detail of the claim.",
        "The statutory limitation period of six years for contract claims runs in parallel but is rarely decisive.",
        "Recommendation: notify early, identify each warranty relied on, and diarise the issue deadline.",
    ]
    note1 = w.put(
        f"{EN}/Memos/Research note - limitation periods.txt",
        "\n\n".join(note) + "\n",
        dt.date(2025, 7, 10),
        matter=EN_MATTER,
        family="research-note",
    )
    note2 = w.put(
        f"{EN}/Research/limitation periods note.txt",
        "\n\n".join(
            [
                *note[:4],
                "Fraud and wilful concealment usually fall outside the contractual caps.",
                *note[4:],
            ]
        )
        + "\n",
        dt.date(2025, 7, 11),
        matter=EN_MATTER,
        family="research-note",
        near_of=note1,
    )
    w.relate(note2, "near_duplicate_of", note1)

    mails = f"{EN}/Correspondence/Emails"
    aw = "Anna Weber <a.weber@weber-partner.example>"
    jc = "James Carter <james.carter@northwind.example>"
    closing = w.put(
        f"{mails}/Project Falcon - closing documents.eml",
        _eml(
            subject="Project Falcon – closing documents",
            sender=aw,
            to=jc,
            when=_at(dt.date(2025, 5, 14), 15),
            message_id="<falcon-1@weber-partner.example>",
            body="James,\n\nplease find attached Schedule 3 as signed today.\n\nBest regards\nAnna",
            attachments=(("Schedule 3 - Warranties.txt", schedule_text.encode("utf-8")),),
        ),
        dt.date(2025, 5, 14),
        matter=EN_MATTER,
        email=True,
    )
    w.copy(schedule, f"{closing}!/Schedule 3 - Warranties.txt", dt.date(2025, 5, 14), write=False)
    closing_re = w.put(
        f"{mails}/RE Project Falcon - closing documents.eml",
        _eml(
            subject="RE: Project Falcon – closing documents",
            sender=jc,
            to=aw,
            when=_at(dt.date(2025, 5, 15), 9),
            message_id="<CAJ7falcon-2@northwind.example>",
            in_reply_to="<falcon-1@weber-partner.example>",
            references=("<falcon-1@weber-partner.example>",),
            body="Thanks Anna, received.\n\nJames",
        ),
        dt.date(2025, 5, 15),
        matter=EN_MATTER,
        email=True,
    )
    exp.threads.append(frozenset({closing, closing_re}))
    w.relate(closing_re, "responds_to", closing)
    # Two unrelated threads with one subject: different people, months apart.
    sign_a = w.put(
        f"{mails}/Signing arrangements.eml",
        _eml(
            subject="Signing arrangements",
            sender=aw,
            to=jc,
            when=_at(dt.date(2025, 5, 8), 11),
            message_id="<sign-a1@weber-partner.example>",
            body="James,\n\nsigning of the SPA is planned for 14 May at our London office; please bring the board minutes.\n\nAnna",
        ),
        dt.date(2025, 5, 8),
        matter=EN_MATTER,
        email=True,
    )
    sign_a2 = w.put(
        f"{mails}/RE Signing arrangements.eml",
        _eml(
            subject="RE: Signing arrangements",
            sender=jc,
            to=aw,
            when=_at(dt.date(2025, 5, 8), 16),
            message_id="<CAJ7sign-a2@northwind.example>",
            in_reply_to="<sign-a1@weber-partner.example>",
            references=("<sign-a1@weber-partner.example>",),
            body="Anna, 14 May works. I will bring the minutes.\n\nJames",
        ),
        dt.date(2025, 5, 8),
        matter=EN_MATTER,
        email=True,
    )
    mk = "Markus Klein <m.klein@weber-partner.example>"
    po = "Priya Osei <p.osei@harlow-llp.example>"
    sign_b = w.put(
        f"{mails}/Amendment/Signing arrangements.eml",
        _eml(
            subject="Signing arrangements",
            sender=po,
            to=mk,
            when=_at(dt.date(2025, 10, 28), 10),
            message_id="<harlow-778@harlow-llp.example>",
            body="Dear Markus,\n\nfor Amendment No. 1 our client would prefer to sign by DocuSign. Is that acceptable?\n\nKind regards\nPriya",
        ),
        dt.date(2025, 10, 28),
        matter=EN_MATTER,
        email=True,
    )
    sign_b2 = w.put(
        f"{mails}/Amendment/Re Signing arrangements.eml",
        _eml(
            subject="Re: Signing arrangements",
            sender=mk,
            to=po,
            when=_at(dt.date(2025, 10, 29), 14),
            message_id="<sign-b2@weber-partner.example>",
            in_reply_to="<harlow-778@harlow-llp.example>",
            references=("<harlow-778@harlow-llp.example>",),
            body="Dear Priya,\n\nDocuSign is fine for us.\n\nBest regards\nMarkus",
        ),
        dt.date(2025, 10, 29),
        matter=EN_MATTER,
        email=True,
    )
    exp.threads += [frozenset({sign_a, sign_a2}), frozenset({sign_b, sign_b2})]
    w.relate(sign_a2, "responds_to", sign_a)
    w.relate(sign_b2, "responds_to", sign_b)
    exp.apart.append((sign_a, sign_b))
    exp.names += ["James Carter", "Sarah Collins", "Northwind", "Brightwater", "Michael Hart"]


def generate(root: Path) -> Expected:
    """Write the estate under `root`; return the known answers (paths relative to root)."""
    expected = Expected()
    writer = _Writer(root, expected)
    _german(writer)
    _english(writer)
    return expected


# --- scaled estates for the benchmark ---------------------------------------------------------

_WORDS = [
    *[
        "Lieferung",
        "Abnahme",
        "Vergütung",
        "Frist",
        "Mangel",
        "Haftung",
        "Kündigung",
        "Vertrag",
        "Leistung",
        "Zahlung",
    ],
    *["Rechnung", "Gewährleistung", "Schaden", "Vertraulichkeit", "Anlage", "Nachtrag", "Angebot"],
    *[
        "Bestellung",
        "Termin",
        "Verzug",
        "Nachbesserung",
        "Ersatz",
        "Werkzeug",
        "Maschine",
        "Standort",
    ],
    *["Projekt", "Planung", "Prüfung", "Bericht", "Protokoll"],
]


def _prose(rng: random.Random, sentences: int) -> list[str]:
    out = []
    for _ in range(sentences):
        words = rng.sample(_WORDS, 7)
        out.append(
            f"Die {words[0]} zur {words[1]} wird bis zum {rng.randint(1, 28)}.{rng.randint(1, 12)}. "
            f"mit {words[2]}, {words[3]} und {words[4]} im Umfang von {rng.randint(2, 900)} "
            f"Einheiten abgestimmt; {words[5]} und {words[6]} bleiben unberührt."
        )
    return out


def _unit(w: _Writer, rng: random.Random, folder: str, matter: str, n: int, tag: str) -> None:
    """One negotiation's worth of cheap files (15) under `folder`."""
    fam = f"rahmenvertrag-{tag}"
    title = f"Rahmenvertrag Los {tag}"
    cap = rng.randint(2, 40) * 50_000
    liability = f"Die Haftung des Auftragnehmers ist je Schadensfall auf {cap:,} EUR begrenzt."
    base = [title, *_prose(rng, 5), liability.replace(",", "."), *_prose(rng, 5)]
    d0 = dt.date(2024, 1, 1) + dt.timedelta(days=n % 300)
    v1 = w.put(
        f"{folder}/{title} v1.txt",
        "\n\n".join(base) + "\n",
        d0,
        matter=matter,
        family=fam,
        version=1,
        label="draft",
    )
    edits = [
        Edit(
            6,
            f"auf {cap:,} EUR begrenzt".replace(",", "."),
            "auf die Vergütung der letzten zwölf Monate begrenzt",
            "Feste Beträge passen nicht zum Auftragsvolumen; Deckel nach unserem Standard.",
            frozenset({"liability_cap"}),
        )
    ]
    marked, accepted = redline(base, edits, ANNA, _at(d0 + dt.timedelta(days=7)))
    v2 = w.put(
        f"{folder}/{title} v2 Redline.docx",
        docx_bytes(marked, title=title, creator=ANNA, created=_at(d0)),
        d0 + dt.timedelta(days=7),
        matter=matter,
        family=fam,
        version=2,
        label="redline",
        identity="new_version",
        redline_against=v1,
        decisions=tuple(e.category for e in edits),
        revision_evidence=True,
    )
    w.relate(v2, "redline_against", v1)
    final = w.put(
        f"{folder}/{title} final.txt",
        "\n\n".join(accepted) + "\n",
        d0 + dt.timedelta(days=20),
        matter=matter,
        family=fam,
        version=3,
        label="final",
        identity="new_version",
    )
    w.copy(final, f"{folder}/Ablage/{title} final.txt", d0 + dt.timedelta(days=21))
    annex = w.put(
        f"{folder}/Anlage 1 zum {title}.txt",
        f"Anlage 1 zum {title}\n\n" + "\n".join(_prose(rng, 4)) + "\n",
        d0 + dt.timedelta(days=20),
        matter=matter,
    )
    w.relate(annex, "annex_of", final)
    amend = w.put(
        f"{folder}/Nachtrag 1 zum {title}.txt",
        f"Nachtrag Nr. 1 zum {title}\n\n" + "\n".join(_prose(rng, 3)) + "\n",
        d0 + dt.timedelta(days=90),
        matter=matter,
    )
    w.relate(amend, "amends", final)
    letter_day = d0 + dt.timedelta(days=40)
    letter = w.put(
        f"{folder}/Korrespondenz/Schreiben {letter_day.isoformat()}.txt",
        f"Schreiben vom {letter_day.strftime('%d.%m.%Y')}\n\n" + "\n".join(_prose(rng, 4)) + "\n",
        letter_day,
        matter=matter,
    )
    answer = w.put(
        f"{folder}/Korrespondenz/Antwort {tag}.txt",
        f"Bezug: Ihr Schreiben vom {letter_day.strftime('%d.%m.%Y')}\n\n"
        + "\n".join(_prose(rng, 4))
        + "\n",
        letter_day + dt.timedelta(days=5),
        matter=matter,
    )
    w.relate(answer, "responds_to", letter)
    note = _prose(rng, 8)
    n1 = w.put(
        f"{folder}/Vermerke/Vermerk {tag}.txt",
        "\n".join(note) + "\n",
        d0,
        matter=matter,
        family=f"vermerk-{tag}",
    )
    n2 = w.put(
        f"{folder}/Vermerke/Vermerk {tag} (2).txt",
        "\n".join(note[:4] + _prose(rng, 1) + note[4:]) + "\n",
        d0,
        matter=matter,
        family=f"vermerk-{tag}",
        near_of=n1,
    )
    w.relate(n2, "near_duplicate_of", n1)
    ids = [f"<u{tag}-{i}@weber-partner.example>" for i in range(3)]
    thread = []
    for i in range(3):
        thread.append(
            w.put(
                f"{folder}/Mails/{i:02d} {title}.eml",
                _eml(
                    subject=("AW: " * i) + title,
                    sender="a.weber@weber-partner.example"
                    if i % 2 == 0
                    else "gegenseite@example.com",
                    to="gegenseite@example.com" if i % 2 == 0 else "a.weber@weber-partner.example",
                    when=_at(d0 + dt.timedelta(days=30 + i)),
                    message_id=ids[i],
                    in_reply_to=ids[i - 1] if i else None,
                    references=tuple(ids[:i]),
                    body="\n".join(_prose(rng, 2)),
                ),
                d0 + dt.timedelta(days=30 + i),
                matter=matter,
                email=True,
            )
        )
    w.exp.threads.append(frozenset(thread))
    for reply, parent in zip(thread[1:], thread, strict=False):
        w.relate(reply, "responds_to", parent)
    for i in range(2):
        w.put(
            f"{folder}/Notizen/Notiz {tag}-{i}.txt",
            "\n".join(_prose(rng, 5)) + "\n",
            d0,
            matter=matter,
        )


UNIT_FILES = 15


def generate_scaled(
    root: Path, documents: int, matter_docs: int | None = None, seed: int = 5
) -> Expected:
    """About `documents` cheap files (text, a DOCX redline and e-mails per negotiation).

    matter_docs=None: many matters of 45 files each. Otherwise one matter holds `matter_docs`
    of them (in project subfolders of 45 files) and the rest go to small matters.
    """
    rng = random.Random(seed)
    expected = Expected()
    w = _Writer(root, expected)
    units = max(1, round(documents / UNIT_FILES))
    big_units = 0 if matter_docs is None else max(1, round(matter_docs / UNIT_FILES))
    for u in range(units):
        if u < big_units:
            matter = "2025-9000"
            folder = f"Mandanten/Großmandant GmbH/{matter} Rahmenverträge/Projekt {u // 3:03d}"
        else:
            k = (u - big_units) // 3
            matter = f"{2020 + k // 9000}-{1000 + k % 9000:04d}"
            folder = f"Mandanten/Mandant {k % 40:02d}/{matter} Rahmenvertrag {k}"
        _unit(w, rng, folder, matter, u, f"{u:05d}")
    return expected
