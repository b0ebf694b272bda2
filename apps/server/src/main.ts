import { enableCompileCache } from 'node:module'

// Node keeps what it compiled (the type-stripped sources and V8's code) on disk, so a restart loads
// the server's thousand modules from that cache instead of compiling them again (decision 070).
// NODE_COMPILE_CACHE names the directory (the system's temporary one by default) and
// NODE_DISABLE_COMPILE_CACHE=1 turns it off. Enabled before anything else is imported.
enableCompileCache()
await import('./serve.ts')
