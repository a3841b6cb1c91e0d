"""Writes queries.json for estate C from answers.json and the files' text (run after estate_c).

    python -m knowledge_index_tests.evaluation_c._queries_c

Grades: 3 = the document asked for, 2 = clearly relevant, 1 = related. Matter and party queries grade
from the answers; identifier and phrase queries grade 3 the files whose extracted text contains the
string (image-only scans that show it are added by hand at 2, as they need OCR); the rest by hand.
"""

from __future__ import annotations

import email
import email.policy
import json
import re
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
FILES = HERE / "estate_c" / "files"
A = json.loads((HERE / "estate_c" / "answers.json").read_text(encoding="utf-8"))["files"]


def text_of(path: str) -> str:
    p = FILES / path
    ext = p.suffix.lower()
    if ext == ".docx":
        x = zipfile.ZipFile(p).read("word/document.xml").decode()
        x = re.sub(r"<w:delText[^>]*>.*?</w:delText>", "", x)
        return " ".join(re.findall(r"<w:t(?: [^>]*)?>([^<]*)</w:t>", x))
    if ext == ".odt":
        return re.sub(r"<[^>]+>", " ", zipfile.ZipFile(p).read("content.xml").decode())
    if ext in (".xlsx", ".pptx"):
        z = zipfile.ZipFile(p)
        return " ".join(re.sub(r"<[^>]+>", " ", z.read(n).decode()) for n in z.namelist() if n.endswith(".xml") and ("sheet" in n or "slide" in n or "sharedStrings" in n))
    if ext == ".pdf":
        import pypdfium2 as pdfium
        d = pdfium.PdfDocument(str(p))
        return " ".join(d[i].get_textpage().get_text_range() for i in range(len(d)))
    if ext == ".eml":
        m = email.message_from_bytes(p.read_bytes(), policy=email.policy.default)
        b = m.get_body(("plain", "html"))
        return str(m["Subject"]) + " " + (b.get_content() if b else "")
    if ext in (".txt", ".md"):
        raw = p.read_bytes()
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return raw.decode("cp1252")
    return ""  # .doc, images: no text layer read here


TEXT = {p: re.sub(r"\s+", " ", text_of(p)) for p in A}


def containing(s: str) -> dict:
    s = re.sub(r"\s+", " ", s).lower()
    return {p: 3 for p, t in TEXT.items() if s in t.lower()}


def matter(key, grade=3):
    return {p: grade for p, a in A.items() if a["matter"] == key}


def with_party(key, grade=3):
    return {p: grade for p, a in A.items() if any(x["company"] == key for x in a["parties"])}


def find(fragment: str) -> str:
    hits = [p for p in A if p == fragment] or [p for p in A if p.endswith("/" + fragment)] or [p for p in A if fragment in p]
    assert len(hits) == 1, (fragment, hits)
    return hits[0]


def g(*pairs):
    out = {}
    for frag, grade in pairs:
        out[find(frag)] = grade
    return out


def merge(*ds):
    out = {}
    for d in ds:
        for k, v in d.items():
            out[k] = max(out.get(k, 0), v)
    return out


FRISTEN = "Fristenliste Prozesse 2024.xlsx"
KONFLIKT = "Konfliktprüfung Berghof Immobilien.xlsx"


def queries():
    Q = []

    def q(text, lang, style, relevant, filters=None):
        Q.append({"id": f"C{len(Q) + 1:03d}", "text": text, "language": lang, "style": style, "filters": filters or {}, "relevant": relevant})

    # reference
    q("104233-0007", "de", "reference", matter("C01"))
    q("Akt 104233/0009", "de", "reference", merge(matter("C02"), {KONFLIKT: 1}))
    q("CM-2023-118", "en", "reference", matter("C03"))
    q("LIT 0456", "de", "reference", merge(matter("C04"), {FRISTEN: 1}))
    q("Dossier Z24-0312", "de", "reference", matter("C05"))
    q("300517/1", "de", "reference", merge(matter("C06"), {FRISTEN: 1}))
    q("Project Lark", "en", "reference", matter("C08"))
    # identifier
    q("23 Cg 117/24k", "de", "identifier", merge({p: 1 for p in matter("C04")}, containing("23 Cg 117/24k")))
    q("FN 190234 x", "de", "identifier", merge({p: 1 for p in matter("C07")}, containing("FN 190234 x"), g(("Scans/20241002_0001.pdf", 2))))
    q("company number 08412377", "en", "identifier", merge({p: 1 for p in with_party("kingsmere")}, containing("08412377")))
    q("HN-2024-0712", "de", "identifier", merge(containing("HN-2024-0712"), g(("00041190_1.pdf", 1))))
    q("INV-22871", "en", "identifier", merge({p: 1 for p in matter("C09")}, containing("INV-22871")))
    q("GZ 1187/2024", "de", "identifier", merge(containing("GZ 1187/2024"), g(("Scans/20240402_0001.pdf", 2), ("00041231_3.docx", 1))))
    q("CHE-412.093.117", "en", "identifier", merge({p: 1 for p in with_party("lumina")}, containing("CHE-412.093.117")))
    # party
    q("Berghof Immobilien GmbH Linz", "de", "party", merge(with_party("berghof_linz"), {KONFLIKT: 1}))
    q("Meridian Tools Ltd Leeds 11873409", "en", "party", with_party("meridian_leeds"))
    q("Meridian Tools Birmingham", "en", "party", with_party("meridian_bham"))
    q("Alpenbau", "de", "party", with_party("alpenbau"))
    q("Dr. Markus Bereuter", "de", "party", merge(with_party("bereuter"), g(("Einladung Generalversammlung Montafoner.pdf", 2), ("Firmenbuchauszug Montafoner", 2), (FRISTEN, 1))))
    q("Lumina Biotech SA", "en", "party", with_party("lumina"))
    # doc_type_in_matter
    q("Klagebeantwortung Seehotel Weissensee", "de", "doc_type_in_matter", g(("2024-04-02 Klagebeantwortung.pdf", 3), ("Vorbereitender Schriftsatz", 1)))
    q("Kingsmere Donautal price list exhibit", "en", "doc_type_in_matter", g(("Exhibit A - Price List.xlsx", 3), ("executed 14.12.2023.pdf", 1), ("Amendment No 1 - draft", 1), ("Amendment No 1 - signed", 1)))
    q("Firmenbuchauszug Tiroler Fertigteilwerk", "de", "doc_type_in_matter", g(("00041216_1.pdf", 3), ("Firmenbuch Beschluss FN 76543h.pdf", 2), ("00041215_1.docx", 1)))
    q("engagement letter Kingsmere", "en", "doc_type_in_matter", g(("Engagement letter Kingsmere.pdf", 3)))
    q("Side Letter Projekt Gipfel Earn-out", "de", "doc_type_in_matter", g(("00041290_1.docx", 3), ("00041277_1.pdf", 1)))
    q("Bankgarantie Kaution Hafenstraße", "de", "doc_type_in_matter", g(("00041462_1.pdf", 3), ("00041431_1.docx", 2), ("00041440_1.pdf", 2), ("00041447_1.docx", 2), ("00041455_1.pdf", 1)))
    q("Mängelrüge Seehotel an Kärntner Hochbau", "de", "doc_type_in_matter",
      g(("Beilage B Mängelrüge", 3), ("2024-05-14 Vorbereitender Schriftsatz.docx", 2), ("2024-02-19 Klage.docx", 1), ("Klage (eingebracht).pdf", 1), ("2024-04-02 Klagebeantwortung.pdf", 1)))
    # natural
    q("Warum wurde die Haftungsobergrenze im Abtretungsvertrag auf 30 % angehoben?", "de", "natural",
      g(("00041231_2.docx", 3), ("00041232_1.eml", 2), ("00041250_1.eml", 2), ("00041240_1.eml", 1), ("00041231_3.docx", 1)))
    q("Why was the termination notice period in the Kingsmere distribution agreement extended to six months?", "en", "natural",
      g(("draft 2 AWT markup", 3), ("RE Distribution Agreement draft 2.eml", 2), ("draft 3 clean", 1), ("executed 14.12.2023.pdf", 1)))
    q("Welche Abfindung erhält Dr. Bereuter bei seinem Ausscheiden?", "de", "natural",
      g(("Aufhebungsvereinbarung unterfertigt.pdf", 3), ("Entwurf AWT - Anm Dr. Fink.docx", 2), ("Umlaufbeschluss Abberufung", 2), ("Schreiben RA Dr. Fink", 2),
        ("Antwort an RA Dr. Fink", 2), ("Aktenvermerk Telefonat Dr. Fink.txt", 2), ("AW Entwurf Aufhebungsvereinbarung", 2), ("Aufhebungsvereinbarung Entwurf AWT.docx", 2)))
    q("Wer vertritt die Tiroler Fertigteilwerk GmbH seit April 2024 als Geschäftsführerin?", "de", "natural",
      g(("Firmenbuch Beschluss FN 76543h.pdf", 3), ("00041216_1.pdf", 1)))
    q("Which law governs the Lumina licence and where is the seat of arbitration?", "en", "natural",
      g(("Licence Agreement v3 final.docx", 3), ("Licence Agreement v3 final.pdf", 3), ("Licence Agreement executed.pdf", 3), ("Licence Agreement v2", 2), ("Lettre Dubois", 2), ("Réponse AWT", 2), ("Korrespondenz/Licence Agreement final version.eml", 1)))
    q("Ab welcher Indexschwankung wird die Miete in Linz angepasst?", "de", "natural",
      g(("00041402_3.docx", 3), ("00041455_1.pdf", 3), ("00041402_2.docx", 2), ("00041402_1.docx", 1), ("00041415_1.docx", 1)))
    q("Warum wurde die vorzeitige Rückzahlung in den Darlehensvertrag mit Berghof aufgenommen?", "de", "natural",
      g(("/Darlehen Grünwald – zwei Fragen.eml", 3), ("AW Darlehen Grünwald – zwei Fragen.eml", 3), ("Darlehensvertrag Vergleichsversion", 2),
        ("Darlehensvertrag unterfertigt 15.07.2024.pdf", 2), ("Scans/20241002_0001.pdf", 1)))
    # phrase
    q("„auf erstes Anfordern und unter Verzicht auf Einwendungen“", "de", "phrase", containing("auf erstes Anfordern und unter Verzicht auf Einwendungen"))
    q("\"the failure to prevent fraud offence\"", "en", "phrase", containing("the failure to prevent fraud offence"))
    q("„Die Verfahrenskosten werden gegeneinander aufgehoben“", "de", "phrase", g(("Anm AWT 19.09.2024.docx", 2)))
    q("\"without deduction of Swiss withholding tax\"", "en", "phrase", merge(containing("without deduction of Swiss withholding tax"), g(("Licence Agreement v2", 1))))
    q("„sechs Bruttomonatsmieten“", "de", "phrase", containing("sechs Bruttomonatsmieten"))
    q("\"Pre-Action Protocol for Debt Claims\"", "en", "phrase", containing("Pre-Action Protocol for Debt Claims"))
    q("„Offener Urlaub von 14 Tagen“", "de", "phrase", merge(containing("Offener Urlaub von 14 Tagen"), g(("Aufhebungsvereinbarung unterfertigt.pdf", 2))))
    # lookup
    q("Abtretungsvertrag Tiroler Fertigteilwerk alle Fassungen", "de", "lookup",
      g(("00041231_1.docx", 3), ("00041231_2.docx", 3), ("00041231_3.docx", 3), ("00041260_1.pdf", 3), ("00041277_1.pdf", 3), ("Kopie von 00041231_3.docx", 3),
        ("Scans/20240402_0001.pdf", 2), ("00041278_1.docx", 1), ("00041290_1.docx", 1), ("00041232_1.eml", 1), ("00041261_1.eml", 1), ("00041252_1.xlsx", 1)))
    q("Kingsmere Donautal Distribution Agreement executed", "en", "lookup",
      g(("executed 14.12.2023.pdf", 3), ("AWT draft 1", 2), ("draft 2 AWT markup", 2), ("draft 3 clean", 2), ("Exhibit A", 1), ("Exhibit B", 1),
        ("Amendment No 1 - draft", 1), ("Amendment No 1 - signed", 1)))
    q("Mietvertrag Hafenstraße 47 unterschriebene Fassung", "de", "lookup",
      g(("00041455_1.pdf", 3), ("Scans/20240514_0003.pdf", 2), ("00041402_3.docx", 2), ("00041402_1.docx", 1), ("00041402_2.docx", 1), ("00041456_1.pdf", 1), ("00041520_1.docx", 1)))
    q("Shareholders' Agreement Lark Precision GmbH", "en", "lookup",
      g(("SHA Lark Precision", 3), ("/Project Lark - SHA mark-up.eml", 2), ("RE Project Lark - SHA mark-up.eml", 1), ("our view on the SHA mark-up", 1), ("Term Sheet - Project Lark", 1), ("Gesellschaftsvertrag Lark", 1)))
    q("Aufhebungsvereinbarung Bereuter unterfertigt", "de", "lookup",
      g(("Aufhebungsvereinbarung unterfertigt.pdf", 3), ("IMG_20240315_101245.jpg", 2), ("Aufhebungsvereinbarung Entwurf AWT.docx", 2), ("Entwurf AWT - Anm Dr. Fink.docx", 2)))
    q("Amendment No. 1 to the distribution agreement", "en", "lookup",
      g(("Amendment No 1 - draft", 3), ("Amendment No 1 - signed", 3), ("Letter to Donautal re price adjustment", 1), ("Exclusivity for KC-8000 series.eml", 1),
        ("RE Exclusivity for KC-8000", 1), ("executed 14.12.2023.pdf", 1)))
    q("Darlehensvertrag Grünwald Berghof Entwurf, Vergleichsversion und Endfassung", "de", "lookup",
      g(("Darlehensvertrag Entwurf 01.07.2024.odt", 3), ("Darlehensvertrag Vergleichsversion", 3), ("Darlehensvertrag unterfertigt 15.07.2024.pdf", 3),
        ("Pfandbestellungsurkunde EZ 611.pdf", 1), ("Vorstandsbeschluss Darlehen Berghof.odt", 1)))
    # thread
    q("Mailverlauf Markup Abtretungsvertrag mit Dr. Reisinger", "de", "thread",
      g(("00041232_1.eml", 3), ("00041240_1.eml", 3), ("00041241_1.eml", 3), ("00041231_2.docx", 2)))
    q("email thread with Wolf Leitner on draft 2 of the distribution agreement", "en", "thread",
      g(("draft 2 to Wolf Leitner.eml", 3), ("/RE Distribution Agreement draft 2.eml", 3), ("RE RE Distribution Agreement draft 2.eml", 3), ("draft 2 AWT markup", 2)))
    q("E-Mails mit RA Dr. Fink zum Entwurf der Aufhebungsvereinbarung", "de", "thread",
      g(("Mail an Dr. Fink Entwurf", 3), ("AW Entwurf Aufhebungsvereinbarung", 3), ("Aufhebungsvereinbarung Entwurf AWT.docx", 2), ("Entwurf AWT - Anm Dr. Fink.docx", 2)))
    q("KC-8000 exclusivity emails with Donautal", "en", "thread",
      g(("Inbox_Whitcombe/Exclusivity for KC-8000 series.eml", 3), ("RE Exclusivity for KC-8000", 3), ("Amendment No 1 - signed", 1)))
    q("Sennhof licence agreement final version email and reply", "en", "thread",
      g(("Korrespondenz/Licence Agreement final version.eml", 3), ("AW Licence Agreement final version.eml", 3), ("Licence Agreement v3 final.docx", 2)))
    q("Mail an Seehotel: Klage eingebracht", "de", "thread",
      g(("2024-02-19 Klage eingebracht.eml", 3), ("AW Klage eingebracht.eml", 3), ("Klage (eingebracht).pdf", 2), ("2024-02-19 Klage.docx", 1)))
    q("Project Lark SHA mark-up emails with Pölzl", "en", "thread",
      g(("/Project Lark - SHA mark-up.eml", 3), ("RE Project Lark - SHA mark-up.eml", 3), ("SHA Lark Precision", 2), ("our view on the SHA mark-up", 1)))
    # cross_lingual
    q("When does Kärntner Hochbau have to pay the settlement amount?", "en", "cross_lingual",
      g(("Anm AWT 19.09.2024.docx", 3), ("Vergleich Entwurf Sattlegger 10.09.2024.docx", 2), ("AW Vergleichsgespräch Seehotel.eml", 1)))
    q("Austrian companies register extract of the target company in Project Summit", "en", "cross_lingual",
      g(("00041216_1.pdf", 3), ("Firmenbuch Beschluss FN 76543h.pdf", 2)))
    q("landlord's letter on the handover date and the deposit guarantee for the Linz offices", "en", "cross_lingual",
      g(("00041440_1.pdf", 3), ("00041431_1.docx", 2), ("00041447_1.docx", 2), ("00041462_1.pdf", 1), ("Scan Übergabeprotokoll", 1)))
    q("Lizenzgebühr im Lizenzvertrag mit Lumina", "de", "cross_lingual",
      g(("Licence Agreement v3 final.docx", 3), ("Licence Agreement v3 final.pdf", 3), ("Licence Agreement executed.pdf", 3), ("Licence Agreement v2", 2), ("Lettre Dubois", 2), ("Réponse AWT", 2),
        ("Aktennotiz Verrechnungssteuer", 1), ("Licence Agreement v1", 1)))
    q("Preisliste zum Vertriebsvertrag Kingsmere", "de", "cross_lingual",
      g(("Exhibit A - Price List.xlsx", 3), ("executed 14.12.2023.pdf", 1), ("Amendment No 1 - draft", 1)))
    q("Antwort von Meridian auf das Aufforderungsschreiben", "de", "cross_lingual",
      g(("Meridian response 2024-04-02.pdf", 3), ("Letter before claim - Meridian Tools.docx", 1), ("FW Payment proposal.eml", 1), ("Letter to Meridian re instalments", 1)))
    q("French letter from Lumina's counsel rejecting the 6 % royalty", "en", "cross_lingual",
      g(("Lettre Dubois", 3), ("Réponse AWT", 2), ("Licence Agreement v2", 1)))
    # filtered
    q("Honorarnote", "de", "filtered", g(("00041310_1.pdf", 3)), {"matter_reference": "104233-0007", "doc_type": "invoice"})
    q("contrat de licence", "en", "filtered", g(("Lettre Dubois", 3), ("Réponse AWT", 3), ("Contrat de licence – signature.eml", 3)), {"language": "fr", "date_from": "2024-05-01"})
    q("letter Meridian instalments", "en", "filtered", g(("Meridian response 2024-04-02.pdf", 3), ("Letter to Meridian re instalments", 3)), {"matter_reference": "LIT-0471", "doc_type": "letter"})
    q("Vergleich Seehotel", "de", "filtered", g(("Vergleich Entwurf Sattlegger 10.09.2024.docx", 3), ("Anm AWT 19.09.2024.docx", 3), ("AW Vergleichsgespräch Seehotel.eml", 2)),
      {"date_from": "2024-09-01"})
    q("Firmenbuchauszug", "de", "filtered", g(("00041216_1.pdf", 3), ("Firmenbuchauszug Montafoner", 3), ("Firmenbuchauszug Berghof Immobilien GmbH.pdf", 3)),
      {"doc_type": "register_extract", "language": "de"})
    q("distribution agreement Donautal", "en", "filtered",
      g(("AWT draft 1", 3), ("draft 2 AWT markup", 3), ("draft 3 clean", 3), ("executed 14.12.2023.pdf", 3), ("Exhibit A", 2), ("Exhibit B", 2),
        ("Memo Austrian distributor indemnity", 1), ("draft 2 to Wolf Leitner.eml", 1)), {"language": "en", "date_to": "2023-12-31"})
    q("E-Mail Lizenzvertrag", "de", "filtered", g(("Korrespondenz/Licence Agreement final version.eml", 3), ("AW Licence Agreement final version.eml", 3), ("Contrat de licence – signature.eml", 3)),
      {"matter_reference": "Z24-0312", "doc_type": "email"})
    return Q


def main():
    Q = queries()
    for x in Q:
        assert x["relevant"], x
    (HERE / "queries.json").write_text(json.dumps({"version": 1, "queries": Q}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(len(Q), "queries")


if __name__ == "__main__":
    main()
