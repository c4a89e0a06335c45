package rtimpl

import "github.com/zeroproject/zero/rt/rtimpl/keyset"

// KeySet detects a key repeated in one object, without allocating for
// objects of up to 16 keys: generated decoders that skip unknown members
// (zerogen --skip-unknown) check them with it.
type KeySet = keyset.Set
