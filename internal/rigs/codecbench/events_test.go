package codecbench

import (
	"github.com/zeroproject/zero/internal/rigs/mixdocs"
)

// mix is the representative mix of protocol events the targets are stated on.
func mix() [][]byte { return mixdocs.House() }
