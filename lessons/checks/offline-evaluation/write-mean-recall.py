"""The check of the offline-evaluation lesson's exercise `write-mean-recall`: mean_recall_at_k(run, qrels, k).

Compared with the lesson's solution (which averages as rankmetrics.evaluate does) on fixed test
sets, then on 200 seeded random ones; conventions() are other tools' averages, mistakes() the
slips learners make.
"""

from common import hits, random_ranking, random_relevant


def cases():
    """(run, qrels, k): mean recall@k over a test set."""
    return [
        (
            {"ana": ["a1", "x1", "a2"], "ben": ["x1", "b1", "x2"]},
            {"ana": {"a1", "a2"}, "ben": {"b1", "b2"}},
            3,
        ),  # every user ranked
        ({"ana": ["a1", "x1"]}, {"ana": {"a1"}, "fay": {"f1"}}, 2),  # fay is judged but never ranked
        ({"ana": ["a1", "x1"], "eve": ["x1", "x2"]}, {"ana": {"a1"}, "eve": set()}, 2),  # eve liked nothing
        ({"ana": ["a1", "x1"], "zed": ["z1"]}, {"ana": {"a1", "a2"}}, 2),  # zed is ranked but not judged
        (
            {"ana": ["a1", "a2", "a3", "x1"], "ben": ["x1", "b1"]},
            {"ana": {"a1", "a2", "a3", "a4"}, "ben": {"b1"}},
            2,
        ),  # pooling would weigh ana more
        ({}, {"ana": {"a1"}}, 5),  # an empty run
    ]


def random_case(rng):
    """1-6 judged users, some missing from the run, some with no relevant item."""
    users = [f"u{number}" for number in range(1, rng.randint(1, 6) + 1)]
    run, qrels = {}, {}
    for user in users:
        ranking = random_ranking(rng)
        qrels[user] = random_relevant(rng, ranking)
        if rng.random() < 0.8:
            run[user] = ranking
    if rng.random() < 0.3:
        run["u9"] = random_ranking(rng)  # ranked, but not judged: not scored
    return (run, qrels, rng.randint(1, 8))


# --- other tools' averages, and the slips learners make ------------------------------------


def _recall(ranking, relevant, k):
    return hits(list(ranking)[:k], relevant) / len(relevant) if relevant else 0.0


def mean_over_users_in_the_run(run, qrels, k):
    users = [user for user in qrels if user in run]
    return sum(_recall(run[user], qrels[user], k) for user in users) / len(users) if users else 0.0


def mean_skipping_users_without_relevant(run, qrels, k):
    users = [user for user in qrels if qrels[user]]
    return sum(_recall(run.get(user, []), qrels[user], k) for user in users) / len(users) if users else 0.0


def mean_divides_by_users_in_the_run(run, qrels, k):
    return sum(_recall(run.get(user, []), qrels[user], k) for user in qrels) / len(run) if run else 0.0


def mean_fails_on_missing_user(run, qrels, k):
    return sum(_recall(run[user], qrels[user], k) for user in qrels) / len(qrels)


def mean_pools_every_user(run, qrels, k):
    relevant = sum(len(qrels[user]) for user in qrels)
    found = sum(hits(list(run.get(user, []))[:k], qrels[user]) for user in qrels)
    return found / relevant if relevant else 0.0


def mean_over_users_with_a_hit(run, qrels, k):
    recalls = [_recall(run.get(user, []), qrels[user], k) for user in qrels]
    with_a_hit = [recall for recall in recalls if recall > 0]
    return sum(with_a_hit) / len(with_a_hit) if with_a_hit else 0.0


def mean_scores_one_without_relevant(run, qrels, k):
    recalls = [_recall(run.get(user, []), qrels[user], k) if qrels[user] else 1.0 for user in qrels]
    return sum(recalls) / len(recalls)


def conventions():
    return [
        (
            mean_over_users_in_the_run,
            "You averaged over the users the run ranked only, as pytrec_eval does (and trec_eval "
            "without -c): a judged user the run left out vanishes from the mean. This exercise, like "
            "rankmetrics.evaluate, scores that user 0.",
        ),
        (
            mean_skipping_users_without_relevant,
            "You left out the users with no relevant items (evaluate's "
            "skip_users_without_relevant=True). This exercise counts them as 0, as trec_eval does.",
        ),
    ]


def mistakes():
    return [
        (
            mean_divides_by_users_in_the_run,
            "You divided by the number of users in the run; the mean is over the users in the qrels.",
        ),
        (
            mean_fails_on_missing_user,
            "A judged user is missing from the run: score them as an empty ranking (run.get(user, [])), which gives 0.",
        ),
        (
            mean_pools_every_user,
            "You pooled every user's hits and divided by all their relevant items (a micro-average); "
            "the mean over users gives each user the same weight.",
        ),
        (
            mean_over_users_with_a_hit,
            "You averaged over the users with at least one hit only; the mean is over every user in "
            "the qrels, and a user with no hit in the top k counts as 0.",
        ),
        (
            mean_scores_one_without_relevant,
            "For a user with no relevant items you counted 1.0; this course, like trec_eval, counts them as 0.",
        ),
    ]
