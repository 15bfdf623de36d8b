/// Every figure the benchmark knows, in the order they run. Each source area keeps its
/// figures in its own file.
let allFigures: [Figure] =
    resolutionFigures
    + transferFigures
    + loadingFigures
    + viewportFigures
    + imagingFigures
    + imagingWalkFigures
    + imagingIdentifyFigures
    + imagingAnimationFigures
    + isoMediaFigures
    + audioFigures
    + placeholderFigures
    + storageFigures
    + remoteFigures
    + remoteCeilingFigures
    + remoteSlowDiskFigures
    + encryptionFigures
    + hashingFigures
    + sendingFigures
