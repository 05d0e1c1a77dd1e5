"""Statistics across systems: bootstrap intervals, paired significance tests, tests for
dependent correlations (Williams, Steiger, Zou) and significance clusters."""
