// bits_and_blooms_peer.go - drives the real github.com/bits-and-blooms/bloom
// (Debian's golang-github-willf-bloom-dev, built from the Debian source tree
// with GO111MODULE=off) for "make check-peers" (tests/peers/run.sh).  Same
// commands and output as GuavaPeer.java:
//
//	sizes          "n p" lines in; "n p m k" out (EstimateParameters, which
//	               NewWithEstimates uses; m = Cap(), k = K())
//	rate N P F Q   F filters of N keys, Q absent keys queried in each;
//	               "m k F Q sum sumsq" of the per-filter false positives
//	bits N P       keys 0..N-1; "m k", then the set bit positions
//
// A key is the 8 bytes of a 64-bit integer, least significant first.
package main

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"os"
	"strconv"

	"github.com/bits-and-blooms/bloom"
)

func key(value uint64) []byte {
	bytes := make([]byte, 8)
	binary.LittleEndian.PutUint64(bytes, value)
	return bytes
}

func main() {
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	switch os.Args[1] {
	case "sizes":
		in := bufio.NewScanner(os.Stdin)
		for in.Scan() {
			var nText, pText string
			fmt.Sscan(in.Text(), &nText, &pText)
			n, _ := strconv.ParseFloat(nText, 64)
			p, _ := strconv.ParseFloat(pText, 64)
			m, k := bloom.EstimateParameters(uint(n), p)
			fmt.Fprintf(out, "%s %s %d %d\n", nText, pText, m, k)
		}
	case "rate":
		n, _ := strconv.ParseUint(os.Args[2], 10, 64)
		p, _ := strconv.ParseFloat(os.Args[3], 64)
		trials, _ := strconv.ParseUint(os.Args[4], 10, 64)
		queries, _ := strconv.ParseUint(os.Args[5], 10, 64)
		var sum, sumsq uint64
		var filter *bloom.BloomFilter
		for t := uint64(0); t < trials; t++ {
			filter = bloom.NewWithEstimates(uint(n), p)
			for i := uint64(0); i < n; i++ {
				filter.Add(key(t<<32 + i))
			}
			fp := uint64(0)
			for j := uint64(0); j < queries; j++ {
				if filter.Test(key(t<<32 + 1<<31 + j)) {
					fp++
				}
			}
			sum += fp
			sumsq += fp * fp
		}
		fmt.Fprintf(out, "%d %d %d %d %d %d\n", filter.Cap(), filter.K(), trials, queries, sum, sumsq)
	case "bits":
		n, _ := strconv.ParseUint(os.Args[2], 10, 64)
		p, _ := strconv.ParseFloat(os.Args[3], 64)
		filter := bloom.NewWithEstimates(uint(n), p)
		for i := uint64(0); i < n; i++ {
			filter.Add(key(i))
		}
		fmt.Fprintf(out, "%d %d\n", filter.Cap(), filter.K())
		for x := uint(0); x < filter.Cap(); x++ {
			if filter.BitSet().Test(x) {
				fmt.Fprintf(out, "%d\n", x)
			}
		}
	}
}
