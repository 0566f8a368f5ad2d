// Stands in for the app's entry in start-after-load's tests: counts how often it was started.
const counter = globalThis as { appStarts?: number };
counter.appStarts = (counter.appStarts ?? 0) + 1;
export {};
