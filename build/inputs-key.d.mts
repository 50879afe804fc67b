export declare const KEY_FILE: string
export declare function buildInputsKey(root: string, flags?: string[]): string
export declare function builtFromCurrentInputs(root: string, flags?: string[]): boolean
