// The host's build-time constants, for its modules this package compiles (the single-bundle entry).
/// <reference types="@mfe/host/build-constants" />
