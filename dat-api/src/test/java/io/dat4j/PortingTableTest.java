package io.dat4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checks docs/porting.md against the installed C headers ({@code libdapl-dev}): every {@code dat_*} function of
 * dat.h/udat.h and every enumerator of the event, flag, status, state and handle-type enums has a row; every Java
 * counterpart named there exists; and every enum constant named there has the C value.
 */
class PortingTableTest {

    /** The C enums whose every constant must be mapped. */
    static final List<String> ENUMS = List.of("dat_event_number", "dat_dto_completion_status", "dat_return_type",
            "dat_return_subtype", "dat_completion_flags", "dat_evd_flags", "dat_mem_priv_flags", "dat_close_flags",
            "dat_psp_flags", "dat_connect_flags", "dat_qos", "dat_dtos", "dat_ep_state", "dat_handle_type",
            "ia_async_error_reason", "ep_async_error_reason", "evd_async_error_reason", "srq_async_error_reason",
            "lmr_async_error_reason", "rmr_async_error_reason", "pz_async_error_reason");

    private static final Path INCLUDE = Path.of(System.getProperty("dat4j.dat2.include", "/usr/include/dat2"));
    private static final Pattern ROW = Pattern.compile("^\\| `([A-Za-z0-9_]+)` \\| (`([A-Za-z0-9_.]+)`|—) \\|(.*)\\|\\s*$");

    private static String headers;
    private static Map<String, String[]> rows;

    @BeforeAll
    static void read() throws IOException {
        assertTrue(Files.isDirectory(INCLUDE), "the DAT headers are not at " + INCLUDE
                + ": install Debian's libdapl-dev (the README's commands do), or set -Ddat4j.dat2.include");
        final StringBuilder sb = new StringBuilder();
        for (final String f : List.of("dat.h", "udat.h", "dat_error.h")) {
            sb.append(Files.readString(INCLUDE.resolve(f))).append('\n');
        }
        headers = sb.toString();
        rows = new LinkedHashMap<>();
        for (final String line : Files.readAllLines(docs())) {
            final Matcher m = ROW.matcher(line);
            if (m.matches()) {
                rows.put(m.group(1), new String[] {m.group(3), m.group(4).strip()});
            }
        }
    }

    static Path docs() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve("docs/porting.md"))) {
            dir = dir.getParent();
        }
        assertTrue(dir != null, "docs/porting.md not found above " + Path.of("").toAbsolutePath());
        return dir.resolve("docs/porting.md");
    }

    static Set<String> functions(final String text) {
        final Set<String> out = new LinkedHashSet<>();
        final Matcher m = Pattern.compile("\\b(dat_[a-z0-9_]+)\\s*\\(").matcher(text);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    static List<String> enumerators(final String text, final String enumName) {
        final Matcher m = Pattern.compile("typedef\\s+enum\\s+" + enumName + "\\s*\\{(.*?)\\}", Pattern.DOTALL)
                .matcher(text);
        assertTrue(m.find(), "enum " + enumName + " not found in the headers");
        final String body = m.group(1).replaceAll("(?s)/\\*.*?\\*/", "");
        final List<String> out = new ArrayList<>();
        for (final String part : body.lines().filter(l -> !l.strip().startsWith("#")).reduce("", (a, b) -> a + "\n" + b)
                .split(",")) {
            final Matcher n = Pattern.compile("^\\s*(\\w+)").matcher(part);
            if (n.find()) {
                out.add(n.group(1));
            }
        }
        return out;
    }

    private static Set<String> cNames() {
        final Set<String> names = new LinkedHashSet<>();
        names.addAll(functions(headers));
        for (final String e : ENUMS) {
            names.addAll(enumerators(headers, e));
        }
        return names;
    }

    @Test
    @DisplayName("every dat_* function and every DAT_* event, flag, status, state has a row in docs/porting.md")
    void shouldMapOrExplainEveryCName() {
        final List<String> missing = new ArrayList<>();
        for (final String c : cNames()) {
            if (!rows.containsKey(c)) {
                missing.add(c);
            }
        }
        assertEquals(List.of(), missing, "C names with no row in docs/porting.md");
    }

    @Test
    @DisplayName("every row names an existing Java counterpart, or explains why there is none")
    void shouldNameExistingJavaCounterparts() {
        final List<String> wrong = new ArrayList<>();
        for (final Map.Entry<String, String[]> r : rows.entrySet()) {
            final String java = r.getValue()[0];
            if (java == null) {
                if (r.getValue()[1].isBlank()) {
                    wrong.add(r.getKey() + ": no Java counterpart and no reason");
                }
                continue;
            }
            if (!exists(java)) {
                wrong.add(r.getKey() + ": " + java + " does not exist");
            }
        }
        assertEquals(List.of(), wrong);
    }

    private static boolean exists(final String java) {
        final int dot = java.lastIndexOf('.');
        final String type = java.substring(0, dot);
        final String member = java.substring(dot + 1);
        final Class<?> c;
        try {
            c = Class.forName("io.dat4j." + type);
        } catch (final ClassNotFoundException e) {
            return false;
        }
        for (final Method m : c.getMethods()) {
            if (m.getName().equals(member)) {
                return true;
            }
        }
        for (final Field f : c.getFields()) {
            if (f.getName().equals(member)) {
                return true;
            }
        }
        return false;
    }

    @Test
    @DisplayName("every enum constant mapped in docs/porting.md has the value of the C constant")
    void shouldKeepCValues(@TempDir final Path tmp) throws Exception {
        final Map<String, Long> javaValues = new LinkedHashMap<>();
        for (final Map.Entry<String, String[]> r : rows.entrySet()) {
            final String java = r.getValue()[0];
            if (java == null || r.getKey().startsWith("dat_")) {
                continue;
            }
            final Object constant = constant(java);
            if (constant instanceof Enum<?> e) {
                javaValues.put(r.getKey(), ((Number) e.getClass().getMethod("value").invoke(e)).longValue());
            }
        }
        final StringBuilder c = new StringBuilder("#include <stdio.h>\n#include <dat2/udat.h>\nint main(void){\n");
        for (final String name : javaValues.keySet()) {
            c.append("printf(\"%s %lld\\n\", \"").append(name).append("\", (long long)(unsigned int)")
                    .append(name).append(");\n");
        }
        c.append("return 0;}\n");
        final Map<String, Long> cValues = runProbe(tmp, c.toString());
        final List<String> wrong = new ArrayList<>();
        for (final Map.Entry<String, Long> e : javaValues.entrySet()) {
            final long cv = cValues.get(e.getKey());
            if ((cv & 0xffffffffL) != (e.getValue() & 0xffffffffL)) {
                wrong.add(e.getKey() + ": C " + cv + ", Java " + e.getValue());
            }
        }
        assertTrue(javaValues.size() > 200, "too few constants checked: " + javaValues.size());
        assertEquals(List.of(), wrong);
    }

    private static Object constant(final String java) throws ReflectiveOperationException {
        final int dot = java.lastIndexOf('.');
        final Class<?> c = Class.forName("io.dat4j." + java.substring(0, dot));
        final Field f = c.getField(java.substring(dot + 1));
        return f.get(null);
    }

    static Map<String, Long> runProbe(final Path tmp, final String source) throws IOException, InterruptedException {
        final Path src = tmp.resolve("probe.c");
        final Path exe = tmp.resolve("probe");
        Files.writeString(src, source);
        final Process cc = new ProcessBuilder("gcc", "-I" + INCLUDE.getParent(), "-o", exe.toString(), src.toString())
                .redirectErrorStream(true).start();
        final String ccOut = new String(cc.getInputStream().readAllBytes());
        if (!cc.waitFor(60, TimeUnit.SECONDS) || cc.exitValue() != 0) {
            fail("gcc failed on the probe:\n" + ccOut);
        }
        final Process run = new ProcessBuilder(exe.toString()).redirectErrorStream(true).start();
        final String out = new String(run.getInputStream().readAllBytes());
        assertTrue(run.waitFor(30, TimeUnit.SECONDS) && run.exitValue() == 0, "probe failed: " + out);
        final Map<String, Long> values = new LinkedHashMap<>();
        for (final String line : out.lines().toList()) {
            final String[] p = line.split(" ");
            values.put(p[0], Long.parseLong(p[1]));
        }
        return values;
    }
}
