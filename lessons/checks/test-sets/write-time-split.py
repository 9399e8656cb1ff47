"""The check of the test-sets lesson's exercise `write-time-split`: time_split.

Compared with the lesson's solution (a global time split that drops test users with no training
interaction) on fixed cases, then on 200 seeded random ones; mistakes() are the slips learners
make, each with the sentence the learner reads.
"""


def cases():
    """(interactions, cutoff): interactions are (user, item, timestamp) tuples."""
    log = [("u1", "i1", 1), ("u2", "i2", 2), ("u1", "i3", 3), ("u2", "i1", 5), ("u3", "i2", 5), ("u1", "i2", 6)]
    return [
        (log, 5),  # u2 has a test row at the cutoff; u3 has no training row
        (log, 4),  # no interaction at the cutoff
        (log, 0),  # everything at or after the cutoff: no training, so no test either
        (log, 7),  # everything before the cutoff: an empty test
        ([], 3),  # an empty log
        ([("u2", "i4", 9), ("u1", "i1", 2), ("u2", "i3", 4), ("u1", "i2", 8)], 8),  # not in time order
        ([("u1", "i1", 3), ("u1", "i2", 3), ("u2", "i1", 3), ("u2", "i3", 1)], 3),  # ties at the cutoff
        (
            [("a", "x", 1700000000), ("b", "y", 1700086400), ("a", "y", 1700172800), ("b", "x", 1700172800)],
            1700086400,
        ),  # Unix timestamps
        ([("u1", "i1", 2.5), ("u1", "i2", 4.5), ("u1", "i3", 5.0)], 5),  # timestamps between whole numbers
    ]


# --- random cases ----------------------------------------------------------------------


def random_case(rng):
    """(interactions, cutoff): up to 10 rows of 4 users and 6 items on days 0-9, in any order."""
    interactions = [
        (f"u{rng.randint(1, 4)}", f"i{rng.randint(1, 6)}", rng.randint(0, 9)) for _ in range(rng.randint(0, 10))
    ]
    if rng.random() < 0.5:
        interactions.sort(key=lambda row: row[2])
    return (interactions, rng.randint(0, 10))


# --- known wrong versions ---------------------------------------------------------------


def users_of(rows):
    return {user for user, _, _ in rows}


def split_after_cutoff(interactions, cutoff):
    train = [row for row in interactions if row[2] <= cutoff]
    known = users_of(train)
    return train, [row for row in interactions if row[2] > cutoff and row[0] in known]


def split_drops_the_cutoff(interactions, cutoff):
    train = [row for row in interactions if row[2] < cutoff]
    known = users_of(train)
    return train, [row for row in interactions if row[2] > cutoff and row[0] in known]


def split_keeps_new_users(interactions, cutoff):
    train = [row for row in interactions if row[2] < cutoff]
    return train, [row for row in interactions if row[2] >= cutoff]


def split_from_each_users_start(interactions, cutoff):
    first = {}
    for user, _, timestamp in interactions:
        first[user] = min(first.get(user, timestamp), timestamp)
    train = [row for row in interactions if row[2] - first[row[0]] < cutoff]
    known = users_of(train)
    return train, [row for row in interactions if row[2] - first[row[0]] >= cutoff and row[0] in known]


def split_last_of_each_user(interactions, cutoff):
    last = {}
    for index, (user, _, timestamp) in enumerate(interactions):
        if user not in last or timestamp >= interactions[last[user]][2]:
            last[user] = index
    held = set(last.values())
    train = [row for index, row in enumerate(interactions) if index not in held]
    known = users_of(train)
    return train, [row for index, row in enumerate(interactions) if index in held and row[0] in known]


AT_THE_CUTOFF = (
    "You put the interactions exactly at the cutoff in training; the test starts at the cutoff, so "
    "an interaction at the cutoff is a test interaction."
)

DROPS_THE_CUTOFF = (
    "You left out the interactions exactly at the cutoff, from both lists; the test starts at the "
    "cutoff, so an interaction at the cutoff is a test interaction."
)

NEW_USERS = (
    "Your test keeps the interactions of users who have none in training; the model knows nothing "
    "about them. Keep a test interaction only when its user appears in train."
)

FROM_EACH_USERS_START = (
    "You counted the cutoff from each user's own first interaction; a global time split uses one "
    "date for everyone: an interaction is in the test when its timestamp is at or after the cutoff."
)

LAST_OF_EACH_USER = (
    "You held out each user's last interaction, as leave-last-out does; a global time split uses "
    "one date for everyone: an interaction is in the test when its timestamp is at or after the cutoff."
)


def mistakes():
    return [
        (split_after_cutoff, AT_THE_CUTOFF),
        (split_drops_the_cutoff, DROPS_THE_CUTOFF),
        (split_keeps_new_users, NEW_USERS),
        (split_from_each_users_start, FROM_EACH_USERS_START),
        (split_last_of_each_user, LAST_OF_EACH_USER),
    ]
