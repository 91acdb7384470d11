// mjml 5 ships no type declarations: the little of it the templates use. mjml2html is async in mjml 5.
declare module 'mjml' {
  interface MjmlError {
    line: number;
    message: string;
    tagName: string;
    formattedMessage: string;
  }
  interface MjmlOptions {
    /** 'strict' throws on any validation error; 'soft' (mjml's default) returns them in `errors`. */
    validationLevel?: 'strict' | 'soft' | 'skip';
    /** Web fonts to link when a font-family names them; {} links none. */
    fonts?: Record<string, string>;
    keepComments?: boolean;
    minify?: boolean;
    beautify?: boolean;
  }
  interface MjmlResult {
    html: string;
    errors: MjmlError[];
  }
  export default function mjml2html(mjml: string, options?: MjmlOptions): Promise<MjmlResult>;
}
