// Runs before Swift Testing reads its configuration: gives `swift test`, the README's command,
// the parallelization width that CI sets (twice the cores), unless the environment sets one.
//
// Swift Testing starts every test at once, and each test's time limit with it; on a loaded
// 2-core machine the tests at the back of the queue spent their minute waiting for a thread of
// the concurrency pool, and 35 tests failed "Time limit was exceeded" in one `swift test`
// beside a release build. With a width a test's time limit starts only once the test is let
// through (swift-testing #1390, experimental in Swift 6.3; an older toolchain ignores it).
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__((constructor)) static void attachmentKitTestsSetParallelizationWidth(void) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    char width[32];
    snprintf(width, sizeof width, "%ld", (cores > 0 ? cores : 1) * 2);
    setenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH", width, 0);
}
