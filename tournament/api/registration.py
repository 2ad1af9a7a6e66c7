"""Registration in the API (league-api.md, "Registration and people's data"; issue 51). Every write goes
through its door in ``tournament.registration``; a refusal is its code with its status (400, 403, 409).

- ``GET``/``PUT /api/v1/competitions/{id}/registration/``: the window (``PUT``: its organisers);
- ``GET``/``POST /api/v1/competitions/{id}/registrations/``: the queue (its organisers only), a sign-up
  (anyone; ``REGISTRATION_RATE_LIMIT`` per address, 429 beyond; ``website`` filled: 400);
- ``POST /api/v1/registrations/{id}/{approve,refuse,wait,paid,withdraw}/``: the organiser's decisions;
- ``POST /api/v1/registrations/link/{token}/{accept,withdraw}/``: the person, through their private link.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.dateparse import parse_datetime
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiTypes, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.access.request_meta import client_ip, request_meta
from tournament.access.roles import can_manage_competition, require_organiser
from tournament.api.base import LeagueAPIMixin, errors, get_or_404, id_parameter, refused
from tournament.api.parsers import body_object
from tournament.api.permissions import READ_OR_SIGNED_IN
from tournament.models import Competition, Registration
from tournament.project import rate_limit
from tournament.registration import offers, queue
from tournament.registration.errors import RegistrationError
from tournament.registration.matching import matches_of
from tournament.registration.notice import current_notice
from tournament.registration.selectors import by_token, counts, positions, settings_of
from tournament.registration.signup import registration_signup
from tournament.registration.tell import private_link
from tournament.registration.window import registration_configure

SIGNUP_409 = ("registration_closed", "already_registered")
DECIDE_409 = ("registration_transition", "choose_player", "already_entered", "full")


def _refused(exc: RegistrationError) -> Response:
    return refused(exc, exc.status)


def _window(competition: Competition, *, organiser: bool) -> dict:
    window = settings_of(competition)
    notice = current_notice(competition, create=False)
    answer = {
        "open_from": window.open_from, "open_until": window.open_until, "places": window.places,
        "who": window.who, "clubs": sorted(window.clubs.values_list("pk", flat=True)) if window.pk else [],
        "fee": window.fee, "fee_how": window.fee_how, "questions": list(window.questions or []),
        "offer_hours": window.offer_hours, "notice": notice.text if notice else "",
        "notice_version": notice.version if notice else None, "counts": counts(competition),
    }  # fmt: skip
    if organiser:
        answer["invite_token"] = window.invite_token
    return answer


def _when(value, field: str):
    if value is None or value == "":
        return None
    found = parse_datetime(value) if isinstance(value, str) else None
    if found is None:
        raise RegistrationError("invalid", _("Not a date and time."), field=field)
    return found


class RegistrationSettingsView(LeagueAPIMixin, APIView):
    permission_classes = [READ_OR_SIGNED_IN]  # anyone reads the window; a change is signed in (401)

    @extend_schema(
        summary="A competition's registration window",
        parameters=[id_parameter("id", "competition")],
        responses={200: OpenApiTypes.OBJECT, **errors(404)},
    )
    def get(self, request, pk):
        competition = get_or_404(Competition.objects.all(), pk)
        return Response(_window(competition, organiser=can_manage_competition(request.user, competition)))

    @extend_schema(
        summary="Set the registration window (its organisers)",
        request=OpenApiTypes.OBJECT,
        parameters=[id_parameter("id", "competition")],
        responses={200: OpenApiTypes.OBJECT, **errors(400, 401, 403, 404)},
    )
    def put(self, request, pk):
        competition = get_or_404(Competition.objects.all(), pk)
        require_organiser(request.user, competition)
        body = dict(body_object(request))
        body.pop("notice_version", None)
        body.pop("counts", None)
        try:
            for name in ("open_from", "open_until"):
                if name in body:
                    body[name] = _when(body[name], name)
            registration_configure(competition, user=request.user, meta=request_meta(request), **body)
        except RegistrationError as exc:
            return _refused(exc)
        return Response(_window(competition, organiser=True))


def _row(reg: Registration, matches: dict, where: dict) -> dict:
    return {
        "id": reg.pk, "name": reg.name, "name_zh": reg.name_zh, "status": reg.status,
        "position": where.get(reg.pk), "offer_expires_at": reg.offer_expires_at,
        "matches": matches.get(reg.pk, []), "paid": reg.paid, "player": reg.player_id,
        "created_at": reg.created_at,
    }  # fmt: skip


class RegistrationsView(LeagueAPIMixin, APIView):
    def get_permissions(self):
        """Anyone signs up (``POST``); the queue is read signed in (401 else), then by its organisers."""
        return [IsAuthenticated()] if self.request.method in ("GET", "HEAD") else [AllowAny()]

    @extend_schema(
        summary="The registration queue (its organisers only)",
        parameters=[id_parameter("id", "competition")],
        responses={200: OpenApiTypes.OBJECT, **errors(401, 403, 404)},
    )
    def get(self, request, pk):
        competition = get_or_404(Competition.objects.all(), pk)
        require_organiser(request.user, competition)
        regs = list(Registration.objects.filter(competition=competition).order_by("created_at", "pk"))
        matches = matches_of([r for r in regs if r.status in ("pending", "waiting")])
        where = positions(competition)
        rows = [_row(r, matches, where) for r in regs]
        return Response({"count": len(rows), "next": None, "previous": None, "results": rows})

    @extend_schema(
        summary="Sign up (anyone; rate-limited)",
        request=OpenApiTypes.OBJECT,
        parameters=[id_parameter("id", "competition")],
        responses={
            201: OpenApiTypes.OBJECT,
            **errors(400, 403, 404, 409, conflicts=SIGNUP_409),
            429: OpenApiTypes.OBJECT,
        },
    )
    def post(self, request, pk):
        competition = get_or_404(Competition.objects.all(), pk)
        body = body_object(request)
        allowed = {
            "name",
            "name_zh",
            "club",
            "email",
            "phone",
            "channel",
            "answers",
            "consent",
            "invite",
            "website",
        }
        try:
            unknown = sorted(set(body) - allowed)
            if unknown:
                raise RegistrationError(
                    "unknown_field", _("Unknown field: %(f)s") % {"f": unknown[0]}, field=unknown[0]
                )
            if body.get("website"):
                raise RegistrationError(
                    "invalid", _("This form was not filled in by a person."), field="website"
                )
            if not rate_limit.allow("signup", client_ip(request), settings.REGISTRATION_RATE_LIMIT):
                raise RegistrationError(
                    "rate_limited", _("Too many sign-ups from here: try again in a minute."), status=429
                )
            body.pop("website", None)
            reg = registration_signup(
                competition, language=get_language() or "en", meta=request_meta(request),
                **{k: v for k, v in body.items() if k != "consent"}, consent=body.get("consent") is True,
            )  # fmt: skip
        except RegistrationError as exc:
            return _refused(exc)
        except TypeError:
            return Response({"errors": [{"code": "invalid", "message": _("Text is expected.")}]}, 400)
        # the door counted the place on the waiting list under its lock (``registration_signup``)
        answer = {"id": reg.pk, "status": reg.status, "position": reg.position, "link": private_link(reg)}
        return Response(answer, status=status.HTTP_201_CREATED)


def _decide(request, reg: Registration, action: str) -> Registration:
    body, meta, user = body_object(request), request_meta(request), request.user
    if action == "approve":
        player = body.get("player")
        if player is not None and not isinstance(player, int):
            raise RegistrationError("invalid", _("A player id."), field="player")
        return queue.registration_approve(
            reg, user=user, player=player, new_player=body.get("new_player") is True, meta=meta
        )
    if action == "refuse":
        return queue.registration_refuse(reg, user=user, reason=body.get("reason", ""), meta=meta)
    if action == "wait":
        return queue.registration_wait(reg, user=user, meta=meta)
    if action == "paid":
        return queue.registration_mark_paid(
            reg, user=user, amount=body.get("amount"), method=body.get("method", ""),
            paid_at=_when(body.get("paid_at"), "paid_at"), meta=meta,
        )  # fmt: skip
    return queue.registration_withdraw(reg, user=user, meta=meta)


class RegistrationDecideView(LeagueAPIMixin, APIView):
    permission_classes = [IsAuthenticated]
    action_name = "approve"

    @extend_schema(
        summary="Decide on a sign-up (the competition's organisers)",
        request=OpenApiTypes.OBJECT,
        parameters=[id_parameter("id", "registration")],
        responses={200: OpenApiTypes.OBJECT, **errors(400, 401, 403, 404, 409, conflicts=DECIDE_409)},
    )
    def post(self, request, pk):
        reg = get_or_404(Registration.objects.select_related("competition"), pk)
        if not can_manage_competition(request.user, reg.competition):
            raise Http404  # another organiser's queue: not even whether it exists
        try:
            reg = _decide(request, reg, self.action_name)
        except RegistrationError as exc:
            return _refused(exc)
        return Response(_row(reg, {}, {}))


class RegistrationLinkView(LeagueAPIMixin, APIView):
    permission_classes = [AllowAny]
    authentication_classes = []
    action_name = "accept"

    @extend_schema(
        summary="The person accepts an offer or withdraws, through their private link",
        request=None,
        responses={
            200: OpenApiTypes.OBJECT,
            **errors(404, 409, conflicts=("no_offer", "registration_transition")),
        },
    )
    def post(self, request, token):
        body_object(request)  # nothing is read from the body, but a malformed one is a 400, never acted on
        reg = by_token(token)
        if reg is None:
            raise Http404
        try:
            if self.action_name == "accept":
                reg = offers.offer_accept(reg, meta=request_meta(request))
            else:
                reg = queue.registration_withdraw(reg, by_person=True, meta=request_meta(request))
        except RegistrationError as exc:
            return _refused(exc)
        except PermissionDenied:
            raise Http404 from None
        return Response({"id": reg.pk, "status": reg.status, "offer_expires_at": reg.offer_expires_at})
