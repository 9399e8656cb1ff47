"""A seeded synthetic run and qrels the size of MovieLens-1M (stdlib only).

6,040 users; 3,706 items; each user has 20-311 judged items (mean ~165, so
~1M judgments in all) and a top-100 run. Ratings 1-5 follow MovieLens-1M's
rough shares and become grades 0-3 (rating - 2, floored at 0), so grade >= 1
means rating >= 3. About a third of each run's items are judged by that user.
Scores are distinct random whole numbers (as floats) stored in random order,
so every library must sort, and no library has a tie to break.

Both bench/metrics_speed.py (CPython) and bench/pyodide_speed.py (Pyodide)
import this module, so both time the same data.
"""

import random

N_USERS = 6040
N_ITEMS = 3706
RUN_DEPTH = 100
RATING_SHARES = {1: 0.06, 2: 0.11, 3: 0.26, 4: 0.35, 5: 0.22}


def make_run_and_qrels(seed=2024):
    """Return (run, qrels): run[user] = {item: score}; qrels[user] = {item: grade}."""
    rng = random.Random(seed)
    items = [f"i{n}" for n in range(N_ITEMS)]
    ratings, weights = list(RATING_SHARES), list(RATING_SHARES.values())
    run, qrels = {}, {}
    for n in range(N_USERS):
        user = f"u{n}"
        judged = rng.sample(items, rng.randint(20, 311))
        grades = rng.choices(ratings, weights, k=len(judged))
        qrels[user] = {item: max(rating - 2, 0) for item, rating in zip(judged, grades)}
        # About a third of the top 100 comes from the user's judged items.
        ranked = rng.sample(judged, min(len(judged), RUN_DEPTH // 3))
        while len(ranked) < RUN_DEPTH:
            item = rng.choice(items)
            if item not in ranked:
                ranked.append(item)
        rng.shuffle(ranked)  # no set here: its order would change with PYTHONHASHSEED
        # Distinct whole-number scores below 2^24: still distinct in float32, which
        # trec_eval compares scores in (it would break float32 ties by item id).
        scores = rng.sample(range(1_000_000), len(ranked))
        run[user] = {item: float(score) for item, score in zip(ranked, scores)}
    return run, qrels
