package io.dat4j;

/**
 * A DAT return value ({@code DAT_RETURN}): class (bits 31..30), type (bits 29..16) and subtype (bits 15..0), as laid
 * out in {@code dat_error.h}. The raw 32-bit value is kept, so a ported program can compare it with the C constants.
 *
 * @param raw the 32-bit value as the C library would return it
 */
public record DatStatus(int raw) {

    /** {@code DAT_CLASS_ERROR}. */
    public static final int CLASS_ERROR = 0x80000000;
    /** {@code DAT_CLASS_WARNING}. */
    public static final int CLASS_WARNING = 0x40000000;
    /** {@code DAT_SUCCESS}. */
    public static final DatStatus SUCCESS = new DatStatus(0);

    /**
     * {@return the error status {@code DAT_ERROR(type, subtype)}}
     *
     * @param type the status type
     * @param subtype the subtype, or {@code null} for {@code DAT_NO_SUBTYPE}
     */
    public static DatStatus error(final StatusType type, final StatusSubtype subtype) {
        if (type == null) {
            throw new IllegalArgumentException("status type is required");
        }
        final int sub = subtype == null ? 0 : subtype.value();
        return new DatStatus((type == StatusType.SUCCESS ? 0 : CLASS_ERROR) | type.value() | sub);
    }

    /** {@return the type, {@code DAT_GET_TYPE}} */
    public StatusType type() {
        return StatusType.fromRaw(raw);
    }

    /** {@return the subtype, {@code DAT_GET_SUBTYPE}} */
    public StatusSubtype subtype() {
        final StatusSubtype s = StatusSubtype.fromRaw(raw);
        return s == null ? StatusSubtype.NO_SUBTYPE : s;
    }

    /** {@return true if the error class bit is set} */
    public boolean isError() {
        return (raw & CLASS_ERROR) != 0;
    }

    /** {@return true if the warning class bit is set, {@code DAT_IS_WARNING}} */
    public boolean isWarning() {
        return (raw & CLASS_WARNING) != 0;
    }

    /** {@return true for {@code DAT_SUCCESS}} */
    public boolean isSuccess() {
        return (raw & StatusType.MASK) == 0 && !isError();
    }

    /**
     * {@return the major and minor message of this status, as {@code dat_strerror} gives them}
     */
    public String strerror() {
        final StatusSubtype s = subtype();
        return type().cName() + (s == StatusSubtype.NO_SUBTYPE ? "" : " " + s.cName());
    }

    @Override
    public String toString() {
        return strerror() + " (0x" + Integer.toHexString(raw) + ")";
    }
}
