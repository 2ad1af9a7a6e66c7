"""Posting the scoresheet's forms as a browser without JavaScript would."""

from django.urls import reverse

from tournament.tables.selectors import table_fold


def entry_form(client, table) -> dict:
    """The hidden fields of the entry form as the page rendered them (hand number, idempotency key)."""
    page = client.get(reverse("table:scoresheet", args=[table.pk]))
    form = page.context["form"]
    return {
        "expected_number": form["expected_number"].value(),
        "idempotency_key": form["idempotency_key"].value(),
    }


def post_hand(client, table, fields: dict, *, step: str = "record", **extra):
    data = {**entry_form(client, table), **fields}
    return client.post(reverse(f"table:{step}", args=[table.pk]), data, **extra)


def balances(table) -> dict[int, int]:
    return dict(table_fold(table).state.balances)
