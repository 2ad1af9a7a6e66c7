"""The doors of a competition's stages (issue 36): create, add a round, publish the cut (once every round
of the stage before is finished and its results released), replace a qualifier who withdraws, seat a
stage's round (through ``round_seat``, which asks ``tournament.stages.seating`` how). Each checks the
caller's right (an organiser of the competition; ``user=None`` is the operator), refuses what does not
hold with a ``StageError`` saying why, and writes one audit entry in the same transaction. Pages, the API
and the admin call these.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_stage
from tournament.access.roles import require_organiser
from tournament.db.text import storable
from tournament.models import Club, Competition, Entry, Hand, Qualifier, Round, Stage, StageRound
from tournament.rounds.seating import RoundError, round_seat
from tournament.stages.cut import CutError, next_in_line
from tournament.stages.errors import StageError
from tournament.stages.selectors import (
    cut_preview,
    cut_short,
    cut_waits,
    published_after,
    stage_before,
    stage_locked_reason,
    stages_cut_from,
)

MAX_CUT = 100_000
MAX_NAME = 100


MAX_CATEGORY = 40


def _check_settings(
    *, first: bool, name, seating, carry_over, cut_size, advance, category_club, category="", source=None,
    competition=None, number=None,
) -> None:  # fmt: skip
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
        raise StageError(_("Give the stage a name of at most %(max)s characters.") % {"max": MAX_NAME})
    if not storable(name) or not storable(category or ""):  # a form lets a NUL through (tournament.db.text)
        raise StageError(_("Null characters are not allowed."))
    if seating not in Stage.Seating.values:
        raise StageError(_("Unknown seating: choose one of the list."))
    if carry_over not in Stage.CarryOver.values:
        raise StageError(_("Unknown carry-over: start from zero or carry the earlier chips."))
    if advance not in (1, 2):
        raise StageError(_("One or two players of each knockout table go on."))
    if cut_size is not None and (
        isinstance(cut_size, bool) or not isinstance(cut_size, int) or not 1 <= cut_size <= MAX_CUT
    ):
        raise StageError(_("A cut lets between 1 and %(max)s players in.") % {"max": MAX_CUT})
    if not isinstance(category, str) or len(category.strip()) > MAX_CATEGORY:
        raise StageError(_("A category has at most %(max)s characters.") % {"max": MAX_CATEGORY})
    if first and (cut_size is not None or category_club is not None or category or source is not None):
        raise StageError(_("The first stage takes every entrant: it has no cut."))
    if source is not None and (source.competition_id != competition.pk or source.number >= number):
        raise StageError(_("A cut is made from an earlier stage of the same competition."))


def stage_create(
    competition: Competition,
    *,
    name: str,
    seating: str = Stage.Seating.DRAW,
    carry_over: str = Stage.CarryOver.ZERO,
    cut_size: int | None = None,
    category_club: Club | None = None,
    category: str = "",
    source: Stage | None = None,
    advance: int = 2,
    user=None,
    meta: RequestMeta | None = None,
) -> Stage:
    """A new stage, numbered after the others. A first stage takes every entrant: nothing to publish, it
    is published at once (issue 49: a draft would wait for a publish with nothing in it). A later one cuts
    from ``source`` (else the stage before)."""
    require_organiser(user, competition)
    with transaction.atomic():
        Competition.objects.select_for_update().get(pk=competition.pk)
        last = competition.stages.order_by("-number").values_list("number", flat=True).first()
        number = (last or 0) + 1
        _check_settings(
            first=last is None, name=name, seating=seating, carry_over=carry_over, cut_size=cut_size,
            advance=advance, category_club=category_club, category=category, source=source,
            competition=competition, number=number,
        )  # fmt: skip
        stage = Stage.objects.create(
            competition=competition, number=number, name=name.strip(), seating=seating,
            carry_over=carry_over, cut_size=cut_size, category_club=category_club, advance=advance,
            category=category.strip(), source=source,
            status=Stage.Status.PUBLISHED if last is None else Stage.Status.DRAFT,
        )  # fmt: skip
        audit_stage("stage_created", user, stage, gettext_noop("%(actor)s added the stage %(stage)s"), meta)
    return stage


EDITABLE = ("name", "seating", "carry_over", "cut_size", "category_club", "category", "source", "advance")


def stage_check(stage: Stage, **changes) -> dict:
    """What ``stage_update`` refuses of these changes, said before it is tried (the admin's form asks it):
    the stage played or published, a setting out of bounds. Answers the stage's settings as changed."""
    locked_reason = stage_locked_reason(stage, _("changed"))
    if locked_reason:
        raise StageError(locked_reason)
    values = {k: getattr(stage, k) for k in EDITABLE} | changes
    values["category"] = (values["category"] or "").strip()
    first = not Stage.objects.filter(competition_id=stage.competition_id, number__lt=stage.number).exists()
    _check_settings(first=first, competition=stage.competition, number=stage.number, **values)
    values["name"] = values["name"].strip()
    return values


def stage_update(stage: Stage, *, user=None, meta: RequestMeta | None = None, **changes) -> Stage:
    """Change a stage's settings (``EDITABLE``) while nothing of it is played or published (issue 49)."""
    require_organiser(user, stage.competition)
    unknown = sorted(set(changes) - set(EDITABLE))
    if unknown:
        raise StageError(_("Unknown setting: %(names)s.") % {"names": ", ".join(unknown)})
    with transaction.atomic():
        locked = Stage.objects.select_for_update(of=("self",)).select_related("competition").get(pk=stage.pk)
        values = stage_check(locked, **changes)
        changed = sorted(k for k in EDITABLE if getattr(locked, k) != values[k])
        if not changed:
            return locked
        for key in changed:
            setattr(locked, key, values[key])
        locked.save(update_fields=changed)
        audit_stage(
            "stage_changed", user, locked, gettext_noop("%(actor)s changed the stage %(stage)s"), meta,
            fields=changed,
        )  # fmt: skip
    return locked


def stage_delete(stage: Stage, *, user=None, meta: RequestMeta | None = None) -> None:
    """Delete a stage nothing of which is played or published and no later stage cuts from (issue 49); its
    rounds stay, in no stage."""
    require_organiser(user, stage.competition)
    with transaction.atomic():
        locked = Stage.objects.select_for_update(of=("self",)).select_related("competition").get(pk=stage.pk)
        locked_reason = stage_locked_reason(locked, _("deleted"))
        if locked_reason:
            raise StageError(locked_reason)
        later = stages_cut_from(locked)
        if later:
            raise StageError(
                _("The cut of %(next)s is made from %(stage)s: delete or change %(next)s first.")
                % {"next": later[0].name, "stage": locked.name}
            )
        audit_stage(
            "stage_deleted", user, locked, gettext_noop("%(actor)s deleted the stage %(stage)s"), meta
        )
        locked.delete()


def stage_add_round(stage: Stage, round_: Round, *, user=None, meta: RequestMeta | None = None) -> Stage:
    require_organiser(user, stage.competition)
    if round_.competition_id != stage.competition_id:
        raise StageError(_("That round belongs to another competition."))
    with transaction.atomic():
        Round.objects.select_for_update().get(pk=round_.pk)  # one stage at a time for a round
        if StageRound.objects.filter(round=round_).exists():
            raise StageError(_("Round %(n)s is already in a stage.") % {"n": round_.number})
        after = published_after(stage)
        if after is not None:  # the published cut was read from this stage's rounds (issue 48)
            raise StageError(
                _("The cut to %(next)s is published: %(stage)s takes no more rounds.")
                % {"next": after.name, "stage": stage.name}
            )
        StageRound.objects.create(stage=stage, round=round_)
        audit_stage(
            "stage_round_added", user, stage,
            gettext_noop("%(actor)s put round %(round)s in the stage %(stage)s"), meta, round=round_.number,
        )  # fmt: skip
    return stage


def stage_publish(stage: Stage, *, user=None, meta: RequestMeta | None = None) -> list[Qualifier]:
    """Publish the stage's cut: who is in and who is out, in seed order, as the preview showed."""
    require_organiser(user, stage.competition)
    with transaction.atomic():
        locked = (
            Stage.objects.select_for_update(of=("self",))
            .select_related("competition", "category_club")
            .get(pk=stage.pk)
        )
        if stage_before(locked) is None:
            raise StageError(_("The first stage takes every entrant: it has no cut to publish."))
        if locked.status == Stage.Status.PUBLISHED:
            raise StageError(_("This stage's cut is already published."))
        # The cut is made from the stage before's final standings: every round of it finished and released
        # (live or held results would cut from part of it). Its rounds locked: none reopens meanwhile.
        list(Round.objects.select_for_update().filter(stage_round__stage=stage_before(locked)))
        waits = cut_waits(locked)
        if waits:
            raise StageError(waits)
        try:
            lines = cut_preview(locked)
        except CutError as exc:
            raise StageError(str(exc)) from None
        short = cut_short(locked, lines)  # first: an empty category says so (issue 49)
        if short:
            raise StageError(short)
        if not any(line.qualified for line in lines):
            raise StageError(_("Nobody qualifies: the stage before has no standings yet."))
        rows = Qualifier.objects.bulk_create(
            Qualifier(
                stage=locked, player_id=line.candidate.player_id, seed=line.seed, rank=line.candidate.rank,
                status=Qualifier.Status.IN if line.qualified else (
                    Qualifier.Status.WITHDRAWN if line.candidate.withdrawn else Qualifier.Status.OUT
                ),
                carried_chips=line.candidate.chips, tied_at_cut=line.tied_at_cut,
            )
            for line in lines
        )  # fmt: skip
        locked.status = Stage.Status.PUBLISHED
        locked.save(update_fields=["status"])
        qualified = sum(line.qualified for line in lines)
        audit_stage(
            "stage_cut_published", user, locked,
            gettext_noop("%(actor)s published the cut of %(stage)s: %(qualified)s players in"), meta,
            qualified=qualified, tied=[line.candidate.player_id for line in lines if line.tied_at_cut],
        )  # fmt: skip
    return rows


def qualifier_replace(
    stage: Stage, player_id: int, *, user=None, meta: RequestMeta | None = None
) -> Qualifier:
    """A qualifier withdraws: the next in line (the first player out) takes the place; answers that line."""
    require_organiser(user, stage.competition)
    with transaction.atomic():
        locked = Stage.objects.select_for_update().get(pk=stage.pk)
        if locked.status != Stage.Status.PUBLISHED:
            raise StageError(_("Publish the cut first."))
        if Hand.objects.filter(table__round__stage_round__stage=locked).exists():
            raise StageError(_("The stage has started: its players are fixed."))
        going = Qualifier.objects.filter(
            stage=locked, player_id=player_id, status=Qualifier.Status.IN
        ).first()
        if going is None:
            raise StageError(_("That player is not in this stage's cut."))
        lines = list(
            Qualifier.objects.filter(stage=locked).order_by("seed").values_list("player_id", "status")
        )
        active = set(
            Entry.objects.filter(
                competition_id=locked.competition_id, status=Entry.Status.ACTIVE
            ).values_list("player_id", flat=True)
        )
        incoming = next_in_line([(p, s) for p, s in lines if p in active])
        if incoming is None:
            raise StageError(_("Nobody is next in line."))
        coming = Qualifier.objects.select_related("player").get(stage=locked, player_id=incoming)
        coming.status = Qualifier.Status.IN
        coming.save(update_fields=["status"])
        going.status = Qualifier.Status.WITHDRAWN
        going.replaced_by = coming
        going.save(update_fields=["status", "replaced_by"])
        audit_stage(
            "stage_qualifier_replaced", user, locked,
            gettext_noop("%(actor)s replaced %(going)s, who withdrew from %(stage)s, with %(coming)s"), meta,
            going=going.player.name, coming=coming.player.name,
        )  # fmt: skip
    return coming


def stage_seat_round(stage: Stage, round_: Round, *, user=None, meta: RequestMeta | None = None, seed=None):
    """Seat one of the stage's rounds (a draft) through the door that seats every round, ``round_seat``:
    it asks the stage how (``tournament.stages.seating``), as it does for the round page and the API."""
    require_organiser(user, stage.competition)
    if not StageRound.objects.filter(stage=stage, round=round_).exists():
        raise StageError(_("Round %(n)s is not in this stage.") % {"n": round_.number})
    try:
        return round_seat(round_, user=user, meta=meta, seed=seed)
    except RoundError as exc:
        raise StageError(str(exc)) from None
