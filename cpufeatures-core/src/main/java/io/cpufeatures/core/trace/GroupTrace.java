package io.cpufeatures.core.trace;

import java.util.List;
import java.util.Objects;

/**
 * A named group of features ({@code x86-64-v3}, {@code avx512-core}): each member and whether it
 * holds. The group holds when every member does.
 *
 * @param name    the group's name
 * @param members each member, in the group's order
 */
public record GroupTrace(String name, List<NameCheck> members) implements Trace {

    /**
     * Validates and copies the parts.
     *
     * @param name    the group's name, e.g. {@code x86-64-v3}; not null
     * @param members each member, in the group's order; not null
     */
    public GroupTrace {
        Objects.requireNonNull(name, "name");
        members = List.copyOf(members);
    }

    @Override
    public boolean holds() {
        return members.stream().allMatch(NameCheck::holds);
    }
}
