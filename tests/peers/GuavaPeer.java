/*
 * GuavaPeer.java - drives the real Guava BloomFilter (the jar Debian's
 * libguava-java ships) for "make check-peers" (tests/peers/run.sh).
 *
 *   sizes             reads "n p" lines; prints "n p m k" (m = bitSize(), the
 *                     bits the probes address; k = numHashFunctions) or
 *                     "n p refused" when BloomFilter.create throws
 *   rate N P F Q      F filters of N long keys each (Funnels.longFunnel),
 *                     Q absent long keys queried in each; prints
 *                     "m k F Q sum sumsq" of the per-filter false positives
 *   bits N P          one filter of keys 0..N-1; prints "m k" and then the
 *                     positions of the set bits, one a line
 *   hashes            reads lines "HEX ..." (a key's bytes, "-" for none);
 *                     prints "HEX h1 h2" of Hashing.murmur3_128().hashBytes,
 *                     its asBytes() as two little-endian longs (unsigned
 *                     decimal): Cassandra's hash when no tail byte is >= 0x80
 *   cassandra-bits M K  reads lines "h1 h2" (signed longs, one key each) and
 *                     sets Cassandra's probes (BloomFilter.setIndexes, base =
 *                     h2, inc = h1: abs(base % M), base += inc) in Java's own
 *                     long arithmetic; prints "M K" and the set bits
 *
 * m and k are read from the filter itself (package-private bitSize() and the
 * numHashFunctions field, by reflection).  A filter too large to allocate
 * here (over 2^32 bits) is sized by Guava's own static optimalNumOfBits and
 * optimalNumOfHashFunctions, the two methods create() calls, and its word
 * count checked the way LockFreeBitArray's constructor checks it; a refused
 * size is always refused by create() itself (it throws before allocating).
 */
import com.google.common.hash.BloomFilter;
import com.google.common.hash.Funnels;
import com.google.common.hash.Hashing;
import com.google.common.math.LongMath;
import com.google.common.primitives.Ints;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.math.RoundingMode;

public final class GuavaPeer {
    private static final long LARGEST_BUILT = 1L << 32;

    private static Method staticMethod(String name, Class<?>... types) throws Exception {
        Method method = BloomFilter.class.getDeclaredMethod(name, types);
        method.setAccessible(true);
        return method;
    }

    private static long bitSize(BloomFilter<Long> filter) throws Exception {
        Method method = BloomFilter.class.getDeclaredMethod("bitSize");
        method.setAccessible(true);
        return (Long) method.invoke(filter);
    }

    private static int hashes(BloomFilter<Long> filter) throws Exception {
        Field field = BloomFilter.class.getDeclaredField("numHashFunctions");
        field.setAccessible(true);
        return field.getInt(filter);
    }

    private static String size(long n, double p) throws Exception {
        long bits = (Long) staticMethod("optimalNumOfBits", long.class, double.class).invoke(null, n, p);
        if (bits > LARGEST_BUILT || bits <= 0) {
            try {
                Ints.checkedCast(LongMath.divide(bits, 64, RoundingMode.CEILING));
                if (bits <= 0)
                    throw new IllegalArgumentException("data length is zero!");
            } catch (IllegalArgumentException refused) {
                try {
                    BloomFilter.create(Funnels.longFunnel(), n, p);
                    return "built-unexpectedly";
                } catch (IllegalArgumentException e) {
                    return "refused";
                }
            }
            int k = (Integer) staticMethod("optimalNumOfHashFunctions", long.class, long.class).invoke(null, n, bits);
            long m = LongMath.divide(bits, 64, RoundingMode.CEILING) * 64;
            return m + " " + k;
        }
        try {
            BloomFilter<Long> filter = BloomFilter.create(Funnels.longFunnel(), n, p);
            return bitSize(filter) + " " + hashes(filter);
        } catch (IllegalArgumentException e) {
            return "refused";
        }
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("sizes")) {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
            StringBuilder out = new StringBuilder();
            for (String line; (line = in.readLine()) != null; ) {
                String[] f = line.trim().split("\\s+");
                out.append(f[0]).append(' ').append(f[1]).append(' ')
                   .append(size((long) Double.parseDouble(f[0]), Double.parseDouble(f[1]))).append('\n');
            }
            System.out.print(out);
        } else if (args[0].equals("rate")) {
            long n = Long.parseLong(args[1]), q = Long.parseLong(args[4]);
            double p = Double.parseDouble(args[2]);
            int trials = Integer.parseInt(args[3]);
            long sum = 0, sumsq = 0, m = 0;
            int k = 0;
            for (long t = 0; t < trials; t++) {
                BloomFilter<Long> filter = BloomFilter.create(Funnels.longFunnel(), n, p);
                for (long i = 0; i < n; i++)
                    filter.put((t << 32) + i);
                long fp = 0;
                for (long j = 0; j < q; j++)
                    if (filter.mightContain((t << 32) + (1L << 31) + j))
                        fp++;
                sum += fp;
                sumsq += fp * fp;
                m = bitSize(filter);
                k = hashes(filter);
            }
            System.out.println(m + " " + k + " " + trials + " " + q + " " + sum + " " + sumsq);
        } else if (args[0].equals("hashes")) {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
            StringBuilder out = new StringBuilder();
            for (String line; (line = in.readLine()) != null; ) {
                String hex = line.trim().split("\\s+")[0];
                byte[] key = new byte[hex.equals("-") ? 0 : hex.length() / 2];
                for (int i = 0; i < key.length; i++)
                    key[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
                byte[] hash = Hashing.murmur3_128().hashBytes(key).asBytes();
                long h1 = 0, h2 = 0;
                for (int i = 7; i >= 0; i--) {
                    h1 = h1 << 8 | (hash[i] & 0xff);
                    h2 = h2 << 8 | (hash[8 + i] & 0xff);
                }
                out.append(hex).append(' ').append(Long.toUnsignedString(h1)).append(' ')
                   .append(Long.toUnsignedString(h2)).append('\n');
            }
            System.out.print(out);
        } else if (args[0].equals("cassandra-bits")) {
            long m = Long.parseLong(args[1]);
            int k = Integer.parseInt(args[2]);
            java.util.BitSet set = new java.util.BitSet();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
            for (String line; (line = in.readLine()) != null; ) {
                String[] f = line.trim().split("\\s+");
                long inc = Long.parseLong(f[0]), base = Long.parseLong(f[1]);
                for (int i = 0; i < k; i++) {
                    set.set((int) Math.abs(base % m));
                    base += inc;
                }
            }
            StringBuilder out = new StringBuilder();
            out.append(m).append(' ').append(k).append('\n');
            for (int i = set.nextSetBit(0); i >= 0; i = set.nextSetBit(i + 1))
                out.append(i).append('\n');
            System.out.print(out);
        } else if (args[0].equals("bits")) {
            long n = Long.parseLong(args[1]);
            BloomFilter<Long> filter = BloomFilter.create(Funnels.longFunnel(), n, Double.parseDouble(args[2]));
            for (long i = 0; i < n; i++)
                filter.put(i);
            StringBuilder out = new StringBuilder();
            long m = bitSize(filter);
            out.append(m).append(' ').append(hashes(filter)).append('\n');
            Field bitsField = BloomFilter.class.getDeclaredField("bits");
            bitsField.setAccessible(true);
            Object array = bitsField.get(filter);
            Method get = array.getClass().getDeclaredMethod("get", long.class);
            get.setAccessible(true);
            for (long i = 0; i < m; i++)
                if ((Boolean) get.invoke(array, i))
                    out.append(i).append('\n');
            System.out.print(out);
        }
    }
}
