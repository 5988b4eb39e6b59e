/** Compile-time type equality, checked by `tsc` (the typecheck target), a no-op at runtime. */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** `assertType<Equal<A, B>>()` fails to compile unless its type argument is `true`. */
export function assertType<T extends true>(): T | void {
  // compile-time only
}
