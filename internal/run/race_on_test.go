//go:build race

package run

// raceDetector says the tests run under the race detector, whose overhead
// would swamp the cost ratios the linearity tests measure.
const raceDetector = true
