// @ts-check
// The preset's one answer to an area's kind (the manifest's rules name the kinds).

/**
 * How the host shows the remote's area: `host-tree` (the default) renders it in the host's React
 * tree, the remote taking React, react-router and the contract as the host's singletons; `own-root`
 * mounts it through the neutral contract (`defineMountedArea`) into an element of its own, the
 * remote bundling whatever it renders with (another React major, or none) and sharing nothing.
 * The kinds are rules.json's `build.mountKinds`, the first the default.
 * @typedef {'host-tree' | 'own-root'} MountKind
 */
const MOUNT_KINDS = /** @type {readonly MountKind[]} */ (require('@mfe/manifest/rules.json').build.mountKinds);
const [HOST_TREE, OWN_ROOT] = MOUNT_KINDS;

module.exports = { HOST_TREE, MOUNT_KINDS, OWN_ROOT };
