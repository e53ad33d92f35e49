package io.dat4j.kit.internal;

import io.dat4j.ConsumerNotifier;
import io.dat4j.DatException;
import io.dat4j.Endpoint;
import io.dat4j.EventDispatcher;
import io.dat4j.EventStream;
import io.dat4j.ProtectionZone;
import io.dat4j.SharedReceiveQueue;
import io.dat4j.StatusSubtype;

/**
 * The checks of a handle passed to a call of an IA or of one of its children: not null, one of the kit's, of this IA,
 * not freed, and (for an EVD) taking the events the call needs. Each failure is {@code INVALID_HANDLE} with the
 * subtype of the handle's kind and the argument's position, as in C. Split out of {@link KitInterfaceAdapter}, which
 * keeps the IA's children, limits and the creation of handles.
 *
 * <p>Thread safety: stateless; the handles' own state is read as their {@code checkOpen} reads it (no lock).
 */
final class HandleChecks {

    private final KitInterfaceAdapter ia;

    HandleChecks(final KitInterfaceAdapter ia) {
        this.ia = ia;
    }

    private static DatException foreign(final StatusSubtype subtype, final String what, final int arg) {
        return Checks.invalidHandle(subtype, what + " (argument " + arg + ") belongs to another IA or provider");
    }

    KitProtectionZone checkPz(final ProtectionZone pz, final int arg) {
        if (pz == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_PZ, "PZ (argument " + arg + ") is null");
        }
        if (!(pz instanceof KitProtectionZone k) || k.owner() != ia) {
            throw foreign(StatusSubtype.INVALID_HANDLE_PZ, "PZ", arg);
        }
        k.checkOpen();
        return k;
    }

    KitEventDispatcher checkEvd(final EventDispatcher evd, final StatusSubtype subtype, final EventStream needs,
            final int arg) {
        if (!(evd instanceof KitEventDispatcher k) || k.owner() != ia) {
            throw foreign(subtype, "EVD", arg);
        }
        if (k.isClosed()) {
            throw Checks.invalidHandle(subtype, "EVD (argument " + arg + ") is freed");
        }
        if (needs != null && !k.takes(needs)) {
            throw Checks.invalidHandle(subtype, "EVD (argument " + arg + ") does not take " + needs
                    + " events; create it with EventStream." + needs);
        }
        return k;
    }

    KitEndpoint checkEndpoint(final Endpoint ep, final int arg) {
        if (ep == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_EP, "EP (argument " + arg + ") is null");
        }
        if (!(ep instanceof KitEndpoint k) || k.owner() != ia) {
            throw foreign(StatusSubtype.INVALID_HANDLE_EP, "EP", arg);
        }
        k.checkOpen();
        return k;
    }

    KitConsumerNotifier checkNotifier(final ConsumerNotifier cno, final int arg) {
        if (!(cno instanceof KitConsumerNotifier k) || k.owner() != ia) {
            throw foreign(StatusSubtype.INVALID_HANDLE_CNO, "CNO", arg);
        }
        k.checkOpen();
        return k;
    }

    KitSharedReceiveQueue checkSrq(final SharedReceiveQueue srq, final int arg) {
        if (srq == null) {
            throw Checks.invalidHandle(StatusSubtype.INVALID_HANDLE_SRQ, "SRQ (argument " + arg + ") is null");
        }
        if (!(srq instanceof KitSharedReceiveQueue k) || k.owner() != ia) {
            throw foreign(StatusSubtype.INVALID_HANDLE_SRQ, "SRQ", arg);
        }
        k.checkOpen();
        return k;
    }
}
