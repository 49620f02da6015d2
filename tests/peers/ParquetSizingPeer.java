/*
 * ParquetSizingPeer.java - a second, independent implementation of
 * parquet-mr's Bloom filter sizing for "make check-peers"
 * (tests/peers/run.sh), transcribed from its source (apache/parquet-java
 * 1.13.1 to 069cc22; parquet-mr is not packaged here): ColumnWriterBase
 * builds BlockSplitBloomFilter(optimalNumOfBits(n, p) / 8), where
 * optimalNumOfBits is (int) of -8n / ln(1 - p^(1/8)) in Java's doubles, at
 * most 2^30, then (bits + 255) & ~256 and at least 256, and initBitset
 * makes the bytes at least 32, the next power of two, at most 128 MiB.
 *
 *   sizes   "n p" lines in; "n p m 8" out, m the filter's bits (8 probes,
 *           one a word of the 256-bit block)
 */
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigDecimal;

public class ParquetSizingPeer {
    static final int UPPER_BOUND_BYTES = 128 * 1024 * 1024;
    static final int LOWER_BOUND_BYTES = 32;

    static int optimalBits(long n, double p) {
        double m = -8 * n / Math.log(1 - Math.pow(p, 1.0 / 8));
        int bits = (int) m;
        if (bits > UPPER_BOUND_BYTES << 3 || m < 0)
            bits = UPPER_BOUND_BYTES << 3;
        bits = (bits + 256 - 1) & ~256;
        return Math.max(bits, LOWER_BOUND_BYTES << 3);
    }

    static int bitsetBytes(int bytes) {
        bytes = Math.max(bytes, LOWER_BOUND_BYTES);
        if ((bytes & (bytes - 1)) != 0)
            bytes = Integer.highestOneBit(bytes) << 1;
        return bytes > UPPER_BOUND_BYTES || bytes < 0 ? UPPER_BOUND_BYTES : bytes;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1 || !args[0].equals("sizes"))
            throw new IllegalArgumentException("usage: ParquetSizingPeer sizes");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            String[] fields = line.trim().split("\\s+");
            if (fields.length < 2)
                continue;
            long n = new BigDecimal(fields[0]).longValueExact();
            double p = Double.parseDouble(fields[1]);
            long bits = 8L * bitsetBytes(optimalBits(n, p) / 8);
            out.append(fields[0]).append(' ').append(fields[1]).append(' ').append(bits).append(" 8\n");
        }
        System.out.print(out);
    }
}
