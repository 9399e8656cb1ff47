"""The check of the effect-size-and-power lesson's exercise `write-users-for-power`:
users_for_power(gain, sd, power).

Compared with the lesson's solution (the normal approximation, rounded up) on fixed cases, then
on 200 seeded random ones; mistakes() are the slips learners make.
"""

import math
from statistics import NormalDist

RESULT = "value"


def cases():
    """(gain, sd, power)."""
    return [
        (0.085, 0.1323, 0.8),  # the lesson's first gain: 20 users
        (0.02, 0.1323, 0.8),  # a gain about four times smaller: 344 users
        (0.05, 0.1323, 0.9),  # more power, more users
        (0.05, 0.1323, 0.5),  # 50% power: only the test's own cut-off is left
        (0.1, 0.3, 0.95),
        (0.2, 0.1, 0.8),  # a gain larger than the spread: a few users are enough
    ]


def random_case(rng):
    return (round(rng.uniform(0.01, 0.3), 3), round(rng.uniform(0.05, 0.5), 3), round(rng.uniform(0.5, 0.99), 2))


# Wrong versions learners write; Check your code names one only when it is the learner's.
def _z(q):
    return NormalDist().inv_cdf(q)


def _exact(gain, sd, power):
    return ((_z(0.975) + _z(power)) * sd / gain) ** 2


def rounds_down(gain, sd, power):
    return math.floor(_exact(gain, sd, power))


def rounds_to_nearest(gain, sd, power):
    return round(_exact(gain, sd, power))


def z_rounded_to_1_96(gain, sd, power):
    return math.ceil(((1.96 + _z(power)) * sd / gain) ** 2)


def one_sided(gain, sd, power):
    return math.ceil(((_z(0.95) + _z(power)) * sd / gain) ** 2)


def without_power(gain, sd, power):
    return math.ceil((_z(0.975) * sd / gain) ** 2)


def not_squared(gain, sd, power):
    return math.ceil((_z(0.975) + _z(power)) * sd / gain)


def plus_one_user(gain, sd, power):
    return math.ceil(_exact(gain, sd, power)) + 1


def plus_two_users(gain, sd, power):
    return math.ceil(_exact(gain, sd, power)) + 2


def plus_three_users(gain, sd, power):
    return math.ceil(_exact(gain, sd, power)) + 3


PLUS_A_FEW = (
    "Your number is the formula's plus a few users. The lesson adds a few users when it plans a "
    "t-test; this function is the formula alone: its number, rounded up."
)


def mistakes():
    return [
        (plus_one_user, PLUS_A_FEW),
        (plus_two_users, PLUS_A_FEW),
        (plus_three_users, PLUS_A_FEW),
        (
            rounds_down,
            "You rounded the number of users down: with fewer users than the formula gives, the power "
            "falls short. Round up with math.ceil.",
        ),
        (
            rounds_to_nearest,
            "You rounded to the nearest whole number; when the formula's fraction is below a half, that "
            "leaves the test short of the power asked for. Round up with math.ceil.",
        ),
        (
            z_rounded_to_1_96,
            "You wrote 1.96 for the z of 0.975; NormalDist().inv_cdf(0.975) is 1.95996... With "
            "thousands of users, that small gap can move the answer by one user.",
        ),
        (
            one_sided,
            "You used the cut-off of a one-sided test, the z below which 95% of the normal lies. The test "
            "is two-sided at 0.05: its cut-off is the z for 0.975.",
        ),
        (
            without_power,
            "Your number of users leaves out the power: add the z below which a share `power` of the "
            "normal lies to the test's cut-off.",
        ),
        (
            not_squared,
            "Square the ratio: the standard error shrinks as one over the square root of the users, so "
            "the users needed grow with the square of (z sum) x sd / gain.",
        ),
    ]
