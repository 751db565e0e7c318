"""Outputs for people: plots (matplotlib, the [report] extra) and the HTML report."""
