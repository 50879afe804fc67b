// Types of build/used-names.mjs, for the tests that import it.
export declare function usedNames(root: string, loaderFiles: string[], roots?: string[]): Map<string, Set<string> | 'all'>
