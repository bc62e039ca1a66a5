declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
/** Version and federation name of the app being built (webpack DefinePlugin). */
declare const __APP_VERSION__: string;
declare const __APP_NAME__: string;
