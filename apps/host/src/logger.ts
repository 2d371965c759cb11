// The platform's one logger (@mfe/context/runtime-utils), under the name the host's modules use.
export { createLogger, type Logger, type LogLevel } from '@mfe/context/runtime-utils';
