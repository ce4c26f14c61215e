export declare function onStop(step: () => unknown): void;
export declare function runStopSteps(): Promise<void>;
