"""What an entry would do, for the scoresheet's preview and confirm bar (writes nothing).

``settle_preview`` settles a valid form's entry at the table's state: the preview's data, or the ledger's
refusal in the scorekeeper's words. ``again_form`` is the form of a voided hand entered again (issue 54,
item 5): bound to the hand as it was recorded, so the bar shows its preview and Confirm at once instead of
"Tap the winner." until a field is changed.
"""

from __future__ import annotations

from tournament.forms.scoresheet import EntryForm, entry_fingerprint, new_idempotency_key
from tournament.forms.scoresheet_words import form_data_from_entry
from tournament.models import Hand
from tournament.tables.ledger.errors import HandRejected
from tournament.tables.ledger.preview import hand_settle
from tournament.views.table import sheet_words
from tournament.views.table.display import form_players, preview_data, ruleset_summary
from tournament.views.table.sheet_words import problems_of


def settle_preview(table, fold, form: EntryForm, players) -> tuple[dict | None, list[str], int, list[dict]]:
    """(preview, problems, status, events to drop) of a valid ``form`` at the table's current hand."""
    try:
        settlement = hand_settle(table=table, entry=form.entry(), state=fold.state)
    except HandRejected as exc:
        return None, problems_of(exc), exc.status, sheet_words.drop_events(exc)
    result = preview_data(settlement, players, limit_doubles=ruleset_summary(table)["limit_doubles"])
    if result["bao"]:  # accepted on the preview: kept there as a hidden field until undone
        result["bao"]["accepted"] = bool(form.cleaned_data.get("bao_accepted"))
    result["fingerprint"] = entry_fingerprint(form.entry(), form.cleaned_data["expected_number"])
    return result, [], 200, []


def again_form(table, fold, corrects: Hand, players) -> tuple[EntryForm, dict | None, list[str]]:
    """The voided hand's entry as a bound form, with its preview (or the ledger's refusal); unbound, as
    recorded, if it no longer reads as a form."""
    data = {
        **form_data_from_entry(corrects.entry or {}),
        "expected_number": fold.state.hand_number,
        "idempotency_key": new_idempotency_key(),
        "corrects": corrects.pk,
    }
    data = {key: value for key, value in data.items() if value is not None and value is not False}
    form = EntryForm(data=data, players=form_players(players))
    if not form.is_valid():
        return EntryForm(initial=data, players=form_players(players)), None, []
    preview, problems, _status, _drop = settle_preview(table, fold, form, players)
    return form, preview, problems
