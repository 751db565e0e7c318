"""Calibrating a judge on a team's own labels: agreement with the labels, a map of scores onto the
labels' scale, and prediction-powered (PPI++) corrected means with valid intervals.

Not to be confused with ragmeter.judges.local.calibration, the local judge's own logistic models.
"""

from .calibrate import calibrate
from .labels import read_labels
from .record import Calibration

__all__ = ["calibrate", "read_labels", "Calibration"]
