package io.cpufeatures.aarch64.table;

import io.cpufeatures.aarch64.IdRegister;

import io.cpufeatures.aarch64.AArch64Snapshot;

import io.cpufeatures.aarch64.table.FieldRule;

import java.util.List;
import java.util.Map;

/**
 * When the ID registers say the CPU has a feature: any one of its field rules holds (one rule for
 * every feature but pointer authentication, which Linux grants for any of three algorithms). Empty
 * for the features no ID register describes.
 *
 * @param alternatives the field rules, any of which suffices
 */
public record IdRule(List<FieldRule> alternatives) {

    /**
     * Copies the list.
     *
     * @param alternatives the field rules, any of which suffices; empty for a feature no ID register describes; not
     *                     null, and no rule in it null
     */
    public IdRule {
        alternatives = List.copyOf(alternatives);
    }

    /** {@return whether no ID register describes the feature: only the kernel's HWCAP says anything of it} */
    public boolean kernelOnly() {
        return alternatives.isEmpty();
    }

    /** {@return the registers its rules read, each once, in rule order; empty for a kernel-only rule} */
    public List<IdRegister> registers() {
        List<IdRegister> registers = new java.util.ArrayList<>(alternatives.size());
        for (FieldRule r : alternatives) {
            if (!registers.contains(r.register())) {
                registers.add(r.register());
            }
        }
        return List.copyOf(registers);
    }

    /**
     * Whether every register the rules read is in {@code snapshot}, so the rule can be evaluated.
     *
     * @param snapshot the snapshot whose registers are looked for
     * @return whether each register was read; false for a kernel-only rule, which has nothing to evaluate
     */
    public boolean readable(AArch64Snapshot snapshot) {
        if (kernelOnly()) {
            return false;
        }
        // A plain loop over the map: this runs for every feature of every decoding.
        Map<IdRegister, Long> read = snapshot.registers();
        for (FieldRule f : alternatives) {
            if (!read.containsKey(f.register())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a rule holds on {@code snapshot}'s registers (false when one is missing: see {@link #readable}).
     *
     * @param snapshot the snapshot whose registers are read
     * @return whether some field rule's register was read and its field is at least the minimum; false for a
     *         kernel-only rule
     */
    public boolean holds(AArch64Snapshot snapshot) {
        Map<IdRegister, Long> read = snapshot.registers();
        for (FieldRule f : alternatives) {
            Long v = read.get(f.register());
            if (v != null && f.holds(v)) {
                return true;
            }
        }
        return false;
    }
}
