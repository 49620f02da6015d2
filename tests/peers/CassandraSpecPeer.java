/*
 * CassandraSpecPeer.java - a second, independent implementation of Cassandra's
 * filter sizing for "make check-peers" (tests/peers/run.sh), transcribed from
 * Cassandra's source (apache/cassandra 07cf56f and 1c05568, the same from 1.2
 * to 5.0; no Cassandra is installed here): BloomCalculations'
 * probs table, optKPerBuckets, computeBloomSpec(maxBucketsPerElement(n), p)
 * and maxBucketsPerElement in Java's own doubles, FilterFactory's
 * n * buckets + 20 bits in longs and OffHeapBitSet's word count and limit.
 *
 *   sizes   "n p" lines in; "n p m k" out, m = 64 x the words of the bit set
 *           (the modulus of the probes), or "n p refused" where Cassandra
 *           throws
 *   cells   every cell of the table, "b k cell" a line (for the grid)
 *
 * Before answering it checks its own table against the formula the table
 * rounds, (1 - e^(-k/b))^k, within half a unit of each cell's last written
 * digit, so that a mistyped cell fails the check instead of both sides.
 */
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigDecimal;

public class CassandraSpecPeer {
    static final String[][] TABLE = {
        {"1.0"},
        {"1.0", "1.0"},
        {"1.0", "0.393", "0.400"},
        {"1.0", "0.283", "0.237", "0.253"},
        {"1.0", "0.221", "0.155", "0.147", "0.160"},
        {"1.0", "0.181", "0.109", "0.092", "0.092", "0.101"},
        {"1.0", "0.154", "0.0804", "0.0609", "0.0561", "0.0578", "0.0638"},
        {"1.0", "0.133", "0.0618", "0.0423", "0.0359", "0.0347", "0.0364"},
        {"1.0", "0.118", "0.0489", "0.0306", "0.024", "0.0217", "0.0216", "0.0229"},
        {"1.0", "0.105", "0.0397", "0.0228", "0.0166", "0.0141", "0.0133", "0.0135", "0.0145"},
        {"1.0", "0.0952", "0.0329", "0.0174", "0.0118", "0.00943", "0.00844", "0.00819", "0.00846"},
        {"1.0", "0.0869", "0.0276", "0.0136", "0.00864", "0.0065", "0.00552", "0.00513", "0.00509"},
        {"1.0", "0.08", "0.0236", "0.0108", "0.00646", "0.00459", "0.00371", "0.00329", "0.00314"},
        {"1.0", "0.074", "0.0203", "0.00875", "0.00492", "0.00332", "0.00255", "0.00217", "0.00199",
         "0.00194"},
        {"1.0", "0.0689", "0.0177", "0.00718", "0.00381", "0.00244", "0.00179", "0.00146", "0.00129",
         "0.00121", "0.0012"},
        {"1.0", "0.0645", "0.0156", "0.00596", "0.003", "0.00183", "0.00128", "0.001", "0.000852",
         "0.000775", "0.000744"},
        {"1.0", "0.0606", "0.0138", "0.005", "0.00239", "0.00139", "0.000935", "0.000702", "0.000574",
         "0.000505", "0.00047", "0.000459"},
        {"1.0", "0.0571", "0.0123", "0.00423", "0.00193", "0.00107", "0.000692", "0.000499", "0.000394",
         "0.000335", "0.000302", "0.000287", "0.000284"},
        {"1.0", "0.054", "0.0111", "0.00362", "0.00158", "0.000839", "0.000519", "0.00036", "0.000275",
         "0.000226", "0.000198", "0.000183", "0.000176"},
        {"1.0", "0.0513", "0.00998", "0.00312", "0.0013", "0.000663", "0.000394", "0.000264", "0.000194",
         "0.000155", "0.000132", "0.000118", "0.000111", "0.000109"},
        {"1.0", "0.0488", "0.00906", "0.0027", "0.00108", "0.00053", "0.000303", "0.000196", "0.00014",
         "0.000108", "8.89e-05", "7.77e-05", "7.12e-05", "6.79e-05", "6.71e-05"},
    };
    static final double[][] PROBS = new double[TABLE.length][];
    static final int[] BEST = new int[TABLE.length];

    static {
        for (int b = 0; b < TABLE.length; b++) {
            PROBS[b] = new double[TABLE[b].length];
            double smallest = Double.MAX_VALUE;
            for (int k = 0; k < TABLE[b].length; k++) {
                PROBS[b][k] = Double.parseDouble(TABLE[b][k]);
                if (PROBS[b][k] < smallest) {
                    smallest = PROBS[b][k];
                    BEST[b] = Math.max(1, k);
                }
            }
        }
    }

    /* {k, buckets}, or null where computeBloomSpec throws. */
    static int[] spec(int maxBuckets, double p) {
        if (p >= PROBS[2][1])
            return new int[] {2, BEST[2]};        /* new BloomSpecification(2, optKPerBuckets[2]) */
        double[] lastRow = PROBS[maxBuckets];
        if (p < lastRow[lastRow.length - 1])
            return null;
        int buckets = 2;
        int k = BEST[buckets];
        while (PROBS[buckets][k] > p)
            k = BEST[++buckets];
        while (PROBS[buckets][k - 1] <= p)
            k--;
        return new int[] {k, buckets};
    }

    static String size(long n, double p) {
        double v = (Long.MAX_VALUE - 20) / (double) Math.max(1, n);
        if (v < 1.0)
            return "refused";
        int[] spec = spec(Math.min(PROBS.length - 1, (int) v), p);
        if (spec == null)
            return "refused";
        long bits = n * spec[1] + 20;
        long words = ((bits - 1) >>> 6) + 1;       /* OpenBitSet.bits2words */
        if (words > Integer.MAX_VALUE)
            return "refused";                       /* "Bloom filter size is > 16GB" */
        return (words * 64) + " " + spec[0];
    }

    /* Each cell within half a unit of its last written digit of (1 - e^(-k/b))^k. */
    static void checkTable() {
        for (int b = 2; b < TABLE.length; b++)
            for (int k = 1; k < TABLE[b].length; k++) {
                BigDecimal cell = new BigDecimal(TABLE[b][k]);
                double formula = Math.pow(1 - Math.exp(-(double) k / b), k);
                double half = Math.pow(10, -cell.scale()) / 2;
                if (Math.abs(formula - cell.doubleValue()) > half)
                    throw new IllegalStateException("cell " + b + "," + k + " = " + TABLE[b][k]
                                                    + " is not a rounding of " + formula);
            }
    }

    public static void main(String[] args) throws Exception {
        checkTable();
        if (args.length == 1 && args[0].equals("cells")) {
            for (int b = 2; b < TABLE.length; b++)
                for (int k = 1; k < TABLE[b].length; k++)
                    System.out.println(b + " " + k + " " + TABLE[b][k]);
            return;
        }
        if (args.length != 1 || !args[0].equals("sizes"))
            throw new IllegalArgumentException("usage: CassandraSpecPeer sizes|cells");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            String[] fields = line.trim().split("\\s+");
            if (fields.length < 2)
                continue;
            long n = new BigDecimal(fields[0]).longValueExact();
            double p = Double.parseDouble(fields[1]);
            out.append(fields[0]).append(' ').append(fields[1]).append(' ').append(size(n, p)).append('\n');
        }
        System.out.print(out);
    }
}
