"""The organiser's queue (issue 51): approve, refuse with a reason, move to the waiting list, mark the fee
paid, withdraw; and the person's own withdrawal through their private link. One door each: the
competition's row and the registration's locked, the step checked, audited, the person told; a place
freed is offered on (``offers.offers_fill``).

Approving makes the entry through ``tournament.league.entries.entry_add``: as the registered player the
organiser chose among the matches (``matching``), or as a new player made from the sign-up. When the
sign-up matches registered players the organiser must choose (``player`` or ``new_player``): never a
silent second person, never a silent merge. The person's own sign-up is their agreement to be entered, so
an existing player is entered at once (``consented``).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta
from tournament.access.roles import require_organiser
from tournament.league.entries import entry_add, entry_withdraw
from tournament.models import Entry, Player, Registration
from tournament.registration.errors import RegistrationError
from tournament.registration.matching import matches_for
from tournament.registration.notice import consents_attach
from tournament.registration.offers import _locked, audit_registration, offers_fill
from tournament.registration.selectors import places_taken, settings_of
from tournament.registration.tell import registration_tell

Status = Registration.Status
MAX_FEE = Decimal("100000")


def _refuse_step(reg: Registration, allowed: tuple[str, ...]) -> None:
    if reg.status not in allowed:
        raise RegistrationError(
            "registration_transition",
            _("This sign-up is %(status)s: that cannot be done now.") % {"status": reg.get_status_display()},
            status=409,
        )


def _new_player(reg: Registration) -> Player:
    player = Player.objects.create(
        name=reg.name, club=reg.club, registration_no=f"R{reg.competition_id}-{reg.pk}",
        contact=reg.email or reg.phone,
    )  # fmt: skip
    return player


def registration_approve(
    reg: Registration,
    *,
    user,
    player: Player | int | None = None,
    new_player: bool = False,
    meta: RequestMeta | None = None,
) -> Registration:
    """Approve: the entry is made (as ``player``, one of the matches, or a new player)."""
    require_organiser(user, reg.competition)
    with transaction.atomic():
        reg = _locked(reg)
        _refuse_step(reg, (Status.PENDING, Status.WAITING))
        matches = matches_for(reg)
        player_id = player.pk if isinstance(player, Player) else player
        if player_id is not None and player_id not in matches:
            raise RegistrationError(
                "not_a_match", _("Choose one of the players this sign-up matches."), field="player"
            )
        if player_id is None and matches and not new_player:
            raise RegistrationError(
                "choose_player",
                _("This sign-up matches a registered player: approve it as that player, or as a new one."),
                field="player",
                status=409,
            )
        window = settings_of(reg.competition)
        if (
            reg.status == Status.WAITING
            and window.places is not None
            and places_taken(reg.competition) >= window.places
        ):
            raise RegistrationError("full", _("No place is free: they stay on the waiting list."), status=409)
        made = player_id is None
        chosen = _new_player(reg) if made else Player.objects.get(pk=player_id)
        if Entry.objects.filter(competition=reg.competition, player=chosen).exists():
            raise RegistrationError("already_entered", _("This player is entered already."), status=409)
        entry = entry_add(reg.competition, chosen, user=user, registered=made, meta=meta, consented=True)
        consents_attach(reg, chosen)
        reg.status, reg.player, reg.entry = Status.APPROVED, chosen, entry
        reg.decided_by, reg.decided_at, reg.waiting_since = user, timezone.now(), None
        reg.save(
            update_fields=[
                "status",
                "player",
                "entry",
                "decided_by",
                "decided_at",
                "waiting_since",
                "changed_at",
            ]
        )
        words = (
            gettext_noop("%(actor)s approved %(name)s for %(competition)s as a new player")
            if made
            else gettext_noop("%(actor)s approved %(name)s for %(competition)s as %(player)s")
        )
        audit_registration(
            "registration_approved", reg, user, words, meta, player=chosen.name, player_id=chosen.pk,
            new=made,
        )  # fmt: skip
        registration_tell(reg, "approved")
    return reg


def registration_refuse(
    reg: Registration, *, user, reason: str, meta: RequestMeta | None = None
) -> Registration:
    """Refuse with a reason (told to the person); a place it held is offered on."""
    require_organiser(user, reg.competition)
    reason = " ".join((reason or "").split()) if isinstance(reason, str) else ""
    if not reason or len(reason) > 300:
        raise RegistrationError("invalid", _("A reason of at most 300 characters."), field="reason")
    with transaction.atomic():
        reg = _locked(reg)
        _refuse_step(reg, (Status.PENDING, Status.WAITING, Status.OFFERED))
        reg.status, reg.reason, reg.offer_expires_at = Status.REFUSED, reason, None
        reg.decided_by, reg.decided_at = user, timezone.now()
        reg.save(
            update_fields=["status", "reason", "offer_expires_at", "decided_by", "decided_at", "changed_at"]
        )
        audit_registration(
            "registration_refused", reg, user,
            gettext_noop("%(actor)s refused %(name)s for %(competition)s: %(reason)s"), meta, reason=reason,
        )  # fmt: skip
        registration_tell(reg, "refused", reason=reason)
        offers_fill(reg.competition)
    return reg


def registration_wait(reg: Registration, *, user, meta: RequestMeta | None = None) -> Registration:
    """Move to the end of the waiting list (the place it held goes to the next person waiting)."""
    require_organiser(user, reg.competition)
    with transaction.atomic():
        reg = _locked(reg)
        _refuse_step(reg, (Status.PENDING, Status.OFFERED))
        reg.status, reg.waiting_since, reg.offer_expires_at = Status.WAITING, timezone.now(), None
        reg.save(update_fields=["status", "waiting_since", "offer_expires_at", "changed_at"])
        audit_registration(
            "registration_waiting", reg, user,
            gettext_noop("%(actor)s moved %(name)s to the waiting list of %(competition)s"), meta,
        )  # fmt: skip
        from tournament.registration.selectors import position_of

        registration_tell(reg, "waiting", position=position_of(reg))
        offers_fill(reg.competition, skip=[reg.pk])
    return reg


def registration_mark_paid(
    reg: Registration,
    *,
    user,
    amount,
    method: str = "",
    paid_at: datetime | None = None,
    meta: RequestMeta | None = None,
) -> Registration:
    """The fee received: how much, when (default now), how (cash, PayNow, ...)."""
    require_organiser(user, reg.competition)
    try:
        amount = Decimal(str(amount)).quantize(Decimal("0.01"))
    except (InvalidOperation, ValueError, TypeError):
        raise RegistrationError("invalid", _("An amount such as 10 or 10.50."), field="amount") from None
    if not amount.is_finite() or amount < 0 or amount >= MAX_FEE:
        raise RegistrationError("invalid", _("An amount such as 10 or 10.50."), field="amount")
    method = " ".join((method or "").split()) if isinstance(method, str) else None
    if method is None or len(method) > 60:
        raise RegistrationError("invalid", _("How it was paid: at most 60 characters."), field="method")
    if paid_at is not None and not isinstance(paid_at, datetime):
        raise RegistrationError("invalid", _("Not a date and time."), field="paid_at")
    with transaction.atomic():
        reg = _locked(reg)
        _refuse_step(reg, (Status.PENDING, Status.APPROVED, Status.WAITING, Status.OFFERED))
        reg.paid_amount, reg.paid_how, reg.paid_at = amount, method, paid_at or timezone.now()
        reg.save(update_fields=["paid_amount", "paid_how", "paid_at", "changed_at"])
        audit_registration(
            "registration_paid", reg, user,
            gettext_noop(
                "%(actor)s marked the fee of %(name)s paid in %(competition)s: %(amount)s %(method)s"
            ),
            meta, amount=str(amount), method=method,
        )  # fmt: skip
    return reg


def registration_withdraw(
    reg: Registration, *, user=None, by_person: bool = False, meta: RequestMeta | None = None
) -> Registration:
    """Withdraw the sign-up: by the person (their private link: ``by_person``) or an organiser. An
    approved one withdraws its entry too; a place it held is offered on."""
    if not by_person:
        require_organiser(user, reg.competition)
        if user is None:
            raise RegistrationError("forbidden", _("Only an organiser or the person withdraws."), status=403)
    with transaction.atomic():
        reg = _locked(reg)
        _refuse_step(reg, (Status.PENDING, Status.WAITING, Status.OFFERED, Status.APPROVED))
        if reg.status == Status.APPROVED and reg.entry_id:
            entry_withdraw(reg.entry, user=None if by_person else user, meta=meta)
        reg.status, reg.offer_expires_at = Status.WITHDRAWN, None
        reg.save(update_fields=["status", "offer_expires_at", "changed_at"])
        words = (
            gettext_noop("%(name)s withdrew their sign-up for %(competition)s")
            if by_person
            else gettext_noop("%(actor)s withdrew the sign-up of %(name)s for %(competition)s")
        )
        audit_registration("registration_withdrawn", reg, None if by_person else user, words, meta)
        registration_tell(reg, "withdrawn")
        offers_fill(reg.competition)
    return reg
