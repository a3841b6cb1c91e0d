"""Offline policy for relate: reads the computed candidate signals, opens the candidates, and
submits only what the opened files confirm.

Identity: an exact copy defers to its original (a mail's attachment before a loose copy, then
discovery order); a near-duplicate likewise; otherwise tracked-changes lineage, the filename
family or strong content similarity make the file a version. Typed relations are submitted when
the opened target's heading matches the cue's title phrase, or its letter date the cue's date.
Deterministic: same request, same answer.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Final

from knowledge_index.gateway.offline.context import Call, Decision, PolicyContext
from knowledge_index.gateway.offline.generic import GenericPolicy
from knowledge_index.gateway.offline.policy import Policy
from knowledge_index.relations import cues as cue_rules
from knowledge_index.relations import targets
from knowledge_index.stages.relate.prompt import RelateEvidence

MAX_OPEN: Final = 8
SIMILAR_JOIN: Final = 0.6
_USEFUL = frozenset(
    {
        "exact_duplicate",
        "near_duplicate",
        "scan_of",
        "made_against",
        "redlined_against_me",
        "i_accept_its_changes",
        "accepts_my_changes",
        "same_family",
        "similar",
        "attachment_of",
        "annex_of",
        "amends",
        "responds_to",
        "references",
    }
)


def _signals(ctx: PolicyContext) -> dict[str, Any] | None:
    evidence = ctx.evidence(RelateEvidence)
    return evidence.signals.model_dump(mode="json") if evidence is not None else None


def _is_email(ctx: PolicyContext) -> bool:
    evidence = ctx.evidence(RelateEvidence)
    return evidence is not None and evidence.format == "email"


def _is_original(other: dict[str, Any]) -> bool:
    """Whether `other` is the original of a copy of me (ranked by the candidate signals)."""
    return bool(other.get("original"))


def _scanned_pages(
    held: list[tuple[dict[str, Any], dict[str, Any]]],
) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The document a scan with no name of its own shows some pages of (`scan_of`: the one
    holding most of its words, the signed one among equals)."""
    return [(c, o) for c, o in held if _is_original(c) and c.get("format") != "email"]


def _states_differ(a: Any, b: Any) -> bool:
    return a is not None and b is not None and a != b


class RelatePolicy(Policy):
    name: ClassVar[str] = "relate"
    signature_tools: ClassVar[frozenset[str]] = frozenset({"open_file", "search_documents"})

    def decide(self, ctx: PolicyContext) -> Decision:
        submit = ctx.tool("submit_result")
        if submit is None or "identity" not in submit.properties:
            return GenericPolicy().decide(ctx)
        signals = _signals(ctx)
        if signals is None:
            return _submit({"identity": "new_document", "rationale": "no evidence in the request"})
        if ctx.rejected_answers():
            return _submit({"identity": "new_document", "rationale": "submission rejected"})
        useful = [c for c in signals.get("candidates") or [] if set(c.get("kinds") or []) & _USEFUL]
        # The versions and copies of a long family come first by weight; the documents its
        # cues name are opened too, or a signed SPA would never reference its heads of terms.
        wanted = useful[:MAX_OPEN] + [
            c for c in useful[MAX_OPEN:] if targets.CITED_KINDS.intersection(c.get("kinds") or [])
        ]
        opened = {
            str(e.arguments.get("path")): e.result
            for e in ctx.calls_to("open_file")
            if not e.failed and isinstance(e.result, dict)
        }
        missing = [c["path"] for c in wanted if c["path"] not in opened]
        if missing:
            return Decision(calls=tuple(Call("open_file", {"path": p}) for p in missing))
        return _submit(self._result(ctx, signals, wanted, opened))

    def _result(
        self,
        ctx: PolicyContext,
        signals: dict[str, Any],
        wanted: list[dict[str, Any]],
        opened: dict[str, Any],
    ) -> dict[str, Any]:
        ready = [
            (c, opened[c["path"]])
            for c in wanted
            if opened.get(c["path"], {}).get("status") == "ready" and opened[c["path"]].get("ref")
        ]
        why: list[str] = []

        def having(kind: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
            found = [(c, o) for c, o in ready if kind in c["kinds"]]
            # Equal evidence: the file on the share under its own name before a copy of it.
            return sorted(
                found,
                key=lambda co: (
                    -float(co[0]["scores"].get(kind, 0.0)),
                    bool(co[0].get("copy_marker")),
                ),
            )

        result: dict[str, Any] = {"identity": "new_document"}
        exact = [(c, o) for c, o in having("exact_duplicate") if _is_original(c)]
        near = [
            (c, o)
            for c, o in having("near_duplicate")
            if _is_original(c)
            and c.get("format") != "email"
            and not signals.get("has_revisions")
            and c.get("label") == signals.get("filename_label")
            and c.get("version") == signals.get("filename_version")
            # Two dated states of one text ("Stand 2012" and today's) are versions.
            and not _states_differ(c.get("state_date"), signals.get("state_date"))
        ]
        if not near and not signals.get("filename_label") and not signals.get("filename_version"):
            near = _scanned_pages(having("scan_of"))
        family_refs: set[str] = set()
        is_email = _is_email(ctx)
        if exact:
            result.update(identity="duplicate", same_as_ref=exact[0][1]["ref"])
            why.append(f"byte-identical to {exact[0][0]['path']}")
        elif is_email:
            pass  # a message is never a version of another; its thread relates it
        elif near:
            result.update(identity="near_duplicate", same_as_ref=near[0][1]["ref"])
            why.append(f"near-duplicate of {near[0][0]['path']}")
        else:
            against = having("made_against") if signals.get("has_revisions") else []
            follows = having("i_accept_its_changes")
            if against:
                result["redline_against_ref"] = against[0][1]["ref"]
                why.append(f"tracked changes made against {against[0][0]['path']}")
            if follows:
                result["follows_refs"] = [o["ref"] for _, o in follows[:2]]
            joined = [
                co
                for co in against
                + follows
                + having("redlined_against_me")
                + having("accepts_my_changes")
                + having("same_family")
                + having("near_duplicate")
                + [x for x in having("similar") if x[0]["scores"]["similar"] >= SIMILAR_JOIN]
            ]
            # My own copies are not my versions, and a message is nobody's version.
            joined = [
                (c, o)
                for c, o in joined
                if "exact_duplicate" not in c["kinds"] and c.get("format") != "email"
            ]
            if joined:
                result.update(identity="new_version", same_as_ref=joined[0][1]["ref"])
                why.append(f"a version of {joined[0][0]['path']}")
            family_refs = {o["ref"] for _, o in joined}
        if result["identity"] in ("duplicate", "near_duplicate") and signals.get("has_revisions"):
            # A copy of a redline carries its tracked changes: same base version, stated here
            # so it does not wait for the original to relate.
            base = [co for co in having("made_against") if co[1]["ref"] != result["same_as_ref"]]
            if base:
                result["redline_against_ref"] = base[0][1]["ref"]
        if result.get("same_as_ref"):
            family_refs.add(result["same_as_ref"])
        links = self._links(ctx, signals, ready, family_refs)
        if result["identity"] != "near_duplicate" and not is_email:
            # A copy of one file may also be another's near-duplicate (the PDF print of a DOCX
            # that was also mailed): the pair is stated even when identity names the copy.
            for c, o in near:
                if o["ref"] != result.get("same_as_ref"):
                    links.append(
                        {
                            "relation": "near_duplicate_of",
                            "target_ref": o["ref"],
                            "confidence": round(float(c["scores"].get("near_duplicate", 0.9)), 3),
                            "evidence": f"near-duplicate text of {c['path']}"[:300],
                        }
                    )
        if links:
            result["relations"] = links
            why += [f"{x['relation']} {x['target_ref']}" for x in links]
        result["rationale"] = "; ".join(why) or "no related file found"
        return result

    @staticmethod
    def _links(
        ctx: PolicyContext,
        signals: dict[str, Any],
        ready: list[tuple[dict[str, Any], dict[str, Any]]],
        family_refs: set[str],
    ) -> list[dict[str, Any]]:
        is_email = _is_email(ctx)
        cues = signals.get("cues") or []
        links: list[dict[str, Any]] = []
        linked: set[str] = set(family_refs)
        linked_phrases: set[str] = set()
        for cand, doc in ready:
            if "attachment_of" in cand["kinds"]:
                # Byte-identical to one of that mail's attachments: nothing else to confirm.
                links.append(
                    {
                        "relation": "attachment_of",
                        "target_ref": doc["ref"],
                        "confidence": 1.0,
                        "evidence": "byte-identical to an attachment of this e-mail",
                    }
                )
        for kind in ("annex_of", "amends", "responds_to", "references"):
            for cue in (c for c in cues if c.get("kind") == kind):
                if is_email and kind == "responds_to" and not _answers_letter(cue):
                    continue  # mails answer mails through their thread
                phrase = cue_rules.norm(cue.get("phrase") or "")
                if kind == "references" and any(
                    phrase and (phrase in p or p in phrase) for p in linked_phrases
                ):
                    continue  # the annex/amendment link already names that agreement
                # The candidate found for this very cue first (a recital naming the lease and
                # its first amendment has two targets; the amendment also fits the lease's
                # words), then by how well it fits the kind.
                quote = cue.get("quote") or ""
                ranked = sorted(
                    ready,
                    key=lambda co: (
                        not quote or co[0].get("cue") != quote,
                        -float(co[0]["scores"].get(kind, 0.0)),
                    ),
                )
                for cand, doc in ranked:
                    if kind not in cand["kinds"] or doc["ref"] in linked:
                        continue
                    if cand.get("format") == "email" or not _confirms(cue, doc):
                        continue
                    links.append(
                        {
                            "relation": kind,
                            "target_ref": doc["ref"],
                            "confidence": 0.9,
                            "evidence": (cue.get("quote") or "")[:300],
                        }
                    )
                    linked.add(doc["ref"])
                    if phrase:
                        linked_phrases.add(phrase)
                    break  # one target per cue: the document it names, not each version
        return links


def _confirms(cue: dict[str, Any], doc: dict[str, Any]) -> bool:
    """The opened file is what the cue names: its label, heading, title or date fits."""
    return targets.confirms(
        cue_rules.Cue.model_validate(cue),
        str(doc.get("path") or ""),
        str(doc.get("heading") or ""),
        str(doc.get("text") or ""),
    )


_LETTER: Final = re.compile(r"(?i:\b(?:schreiben|brief|letter|lettre|courrier)\b)")


def _answers_letter(cue: dict[str, Any]) -> bool:
    """A mail answers a letter it names by its date ("vielen Dank für Ihr Schreiben vom 25.
    April 2025"); its subject line alone answers the mail before it, through the thread."""
    return cue.get("date") is not None and bool(_LETTER.search(cue.get("quote") or ""))


def _submit(arguments: dict[str, Any]) -> Decision:
    return Decision(calls=(Call("submit_result", arguments),))
