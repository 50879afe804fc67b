export declare const MARK: 'POSTERN_TEST_PROCESS'
export declare const DONE: string
export declare const READY: string
