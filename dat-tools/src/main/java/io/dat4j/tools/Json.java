package io.dat4j.tools;

import java.util.Collection;
import java.util.Iterator;
import java.util.Map;

/**
 * A small JSON writer for the tool's output: maps (objects, in iteration order), collections and arrays, strings,
 * numbers, booleans, enums (their name) and null. Non-finite doubles are written as {@code null}, since JSON has no
 * NaN or infinity.
 */
final class Json {

    private Json() {
    }

    /**
     * {@return the JSON text of a value}
     *
     * @param value a map, collection, string, number, boolean, enum or null
     */
    static String write(final Object value) {
        final StringBuilder sb = new StringBuilder();
        append(sb, value);
        return sb.toString();
    }

    private static void append(final StringBuilder sb, final Object value) {
        switch (value) {
            case null -> sb.append("null");
            case String s -> quote(sb, s);
            case Boolean b -> sb.append(b.booleanValue());
            case Double d -> number(sb, d);
            case Float f -> number(sb, f.doubleValue());
            case Number n -> sb.append(n.toString());
            case Enum<?> e -> quote(sb, e.name());
            case Map<?, ?> m -> {
                sb.append('{');
                final Iterator<? extends Map.Entry<?, ?>> it = m.entrySet().iterator();
                while (it.hasNext()) {
                    final Map.Entry<?, ?> e = it.next();
                    quote(sb, String.valueOf(e.getKey()));
                    sb.append(':');
                    append(sb, e.getValue());
                    if (it.hasNext()) {
                        sb.append(',');
                    }
                }
                sb.append('}');
            }
            case Collection<?> c -> {
                sb.append('[');
                final Iterator<?> it = c.iterator();
                while (it.hasNext()) {
                    append(sb, it.next());
                    if (it.hasNext()) {
                        sb.append(',');
                    }
                }
                sb.append(']');
            }
            case Object[] a -> append(sb, java.util.Arrays.asList(a));
            default -> quote(sb, value.toString());
        }
    }

    private static void number(final StringBuilder sb, final double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            sb.append("null");
        } else if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            sb.append((long) d).append(".0");
        } else {
            sb.append(d);
        }
    }

    private static void quote(final StringBuilder sb, final String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            final char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
