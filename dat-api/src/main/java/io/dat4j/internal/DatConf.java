package io.dat4j.internal;

import io.dat4j.RegistryEntry;
import java.util.ArrayList;
import java.util.List;

/**
 * A parsed dat.conf: the entries and the lines that did not parse, each with its file and line number.
 *
 * @param entries the registry lines, in file order
 * @param problems what did not parse
 */
public record DatConf(List<RegistryEntry> entries, List<String> problems) {

    /**
     * Copies the lists.
     *
     * @param entries entries
     * @param problems problems
     */
    public DatConf {
        entries = List.copyOf(entries);
        problems = List.copyOf(problems);
    }

    /**
     * Parses dat.conf text: {@code #} starts a comment, each other non-blank line has eight fields separated by white
     * space, a field in double quotes may hold spaces (and be empty).
     *
     * @param lines the file's lines
     * @param source the file name for messages
     * @return the entries and problems
     */
    public static DatConf parse(final List<String> lines, final String source) {
        final List<RegistryEntry> entries = new ArrayList<>();
        final List<String> problems = new ArrayList<>();
        int n = 0;
        for (final String raw : lines) {
            n++;
            final String line = stripComment(raw).strip();
            if (line.isEmpty()) {
                continue;
            }
            final List<String> f;
            try {
                f = fields(line);
            } catch (final IllegalArgumentException e) {
                problems.add(source + ":" + n + ": " + e.getMessage());
                continue;
            }
            if (f.size() != 8) {
                problems.add(source + ":" + n + ": expected 8 fields (name, api version, threadsafe, default, library,"
                        + " provider version, \"ia params\", \"platform params\"), found " + f.size());
                continue;
            }
            final String api = f.get(1);
            if (!api.matches("[uUkK]?\\d+(\\.\\d+)?")) {
                problems.add(source + ":" + n + ": api version '" + api + "' is not [u|k]major.minor");
                continue;
            }
            final String ts = f.get(2);
            if (!ts.equals("threadsafe") && !ts.equals("nonthreadsafe")) {
                problems.add(source + ":" + n + ": field 3 must be threadsafe or nonthreadsafe, was '" + ts + "'");
                continue;
            }
            final String def = f.get(3);
            if (!def.equals("default") && !def.equals("nondefault")) {
                problems.add(source + ":" + n + ": field 4 must be default or nondefault, was '" + def + "'");
                continue;
            }
            entries.add(new RegistryEntry(f.get(0), api, ts.equals("threadsafe"), def.equals("default"), f.get(4),
                    f.get(5), f.get(6), f.get(7)));
        }
        return new DatConf(entries, problems);
    }

    private static String stripComment(final String line) {
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            final char c = line.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '#' && !quoted) {
                return line.substring(0, i);
            }
        }
        return line;
    }

    private static List<String> fields(final String line) {
        final List<String> out = new ArrayList<>();
        int i = 0;
        while (i < line.length()) {
            final char c = line.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '"') {
                final int end = line.indexOf('"', i + 1);
                if (end < 0) {
                    throw new IllegalArgumentException("unterminated quote at column " + (i + 1));
                }
                out.add(line.substring(i + 1, end));
                i = end + 1;
            } else {
                int j = i;
                while (j < line.length() && !Character.isWhitespace(line.charAt(j))) {
                    j++;
                }
                out.add(line.substring(i, j));
                i = j;
            }
        }
        return out;
    }
}
