//go:build !amd64 || purego

package rt

// setVector does nothing here: there are no vector loops to turn on.
func setVector(bool) {}

// setWholeBlocks does nothing here: there are no vector loops.
func setWholeBlocks(bool) {}

// setAVX2 does nothing here: there are no vector loops.
func setAVX2(bool) {}
