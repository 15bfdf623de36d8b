// Nothing to call: linking this target into the test bundle is enough (see settings.c).
