"""The ratings' Celery task: fetch by id, call the plain function (``tournament.ratings.store``)."""

from celery import shared_task


@shared_task(name="tournament.tasks.ratings_update_round", ignore_result=True)
def ratings_update_round(round_id: int) -> int:
    """A round changed (finished, reopened, held, released, moved): rate again from its place on."""
    from tournament.ratings.sessions import first_unrated_or_moved
    from tournament.ratings.store import ratings_update_from

    key = first_unrated_or_moved(round_id)
    return 0 if key is None else ratings_update_from(key)


@shared_task(name="tournament.tasks.ratings_reconcile", ignore_result=True)
def ratings_reconcile() -> int:
    """Periodic (beat): rate again from the first round the stored ratings miss or should not hold."""
    from tournament.ratings.sessions import out_of_step
    from tournament.ratings.store import ratings_update_from

    key = out_of_step()
    return 0 if key is None else ratings_update_from(key)


@shared_task(name="tournament.tasks.ratings_update_competition", ignore_result=True)
def ratings_update_competition(competition_id: int) -> int:
    """A competition's results joined the ratings or left them (``Competition.rated``, issue 48): rate
    again from the first place in the order where one of its rounds is, or was, rated."""
    from tournament.models import Round
    from tournament.ratings.sessions import first_unrated_or_moved
    from tournament.ratings.store import ratings_update_from

    rounds = Round.objects.filter(competition_id=competition_id).values_list("pk", flat=True)
    keys = [key for pk in rounds if (key := first_unrated_or_moved(pk)) is not None]
    return ratings_update_from(min(keys)) if keys else 0
