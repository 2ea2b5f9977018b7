package io.cpufeatures.dispatch;

/** Why a chosen native variant is passed over rather than loaded; its message is the whole reason. */
final class NativeVariantException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    NativeVariantException(String reason) {
        super(reason, null, false, false);
    }
}
