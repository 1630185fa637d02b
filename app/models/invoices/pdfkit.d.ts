// The part of pdfkit the invoice PDF uses. pdfkit ships no types of its
// own; a few lines here spare a second package for them.
declare module "pdfkit" {
  import { Readable } from "node:stream";

  type Margins = { top: number; bottom: number; left: number; right: number };
  export type PDFDocumentOptions = {
    size?: string | [number, number];
    margins?: Margins;
    font?: string | Buffer;
    lang?: string;
    displayTitle?: boolean;
    info?: { Title?: string; Author?: string; Subject?: string; CreationDate?: Date };
  };
  export type TextOptions = { width?: number; align?: "left" | "center" | "right" | "justify"; lineGap?: number; continued?: boolean };

  export default class PDFDocument extends Readable {
    constructor(options?: PDFDocumentOptions);
    page: { width: number; height: number; margins: Margins };
    x: number;
    y: number;
    registerFont(name: string, src: string | Buffer): this;
    font(src: string | Buffer, size?: number): this;
    fontSize(size: number): this;
    fillColor(color: string): this;
    strokeColor(color: string): this;
    lineWidth(width: number): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    stroke(): this;
    text(text: string, x?: number, y?: number, options?: TextOptions): this;
    heightOfString(text: string, options?: TextOptions): number;
    moveDown(lines?: number): this;
    addPage(): this;
    end(): void;
  }
}
