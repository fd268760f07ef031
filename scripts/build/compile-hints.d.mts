import type { Compiler } from 'next/dist/compiled/webpack/webpack';

export declare const COMPILE_HINT: string;

export declare class CompileHintsPlugin {
  apply(compiler: Compiler): void;
}
