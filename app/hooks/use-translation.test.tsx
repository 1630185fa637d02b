import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TextsProvider, useTranslation } from "./use-translation";

function CartCount() {
  const { t } = useTranslation();
  return <p>{t("shell.cartCount", { count: 2 })}</p>;
}

const texts = { shell: { cartCount: "{{count}} in the cart" } };

describe("useTranslation", () => {
  it("gives the texts of the provider around it", () => {
    expect(
      renderToString(
        <TextsProvider texts={texts}>
          <CartCount />
        </TextsProvider>,
      ),
    ).toBe("<p>2 in the cart</p>");
  });

  it("shows every text's key in translation-key mode (spec 6)", () => {
    expect(
      renderToString(
        <TextsProvider texts={texts} showKeys>
          <CartCount />
        </TextsProvider>,
      ),
    ).toBe("<p>shell.cartCount</p>");
  });

  it("keeps the texts around it when a provider has none (an error page whose root loader failed)", () => {
    const page = (
      <TextsProvider texts={texts}>
        <TextsProvider texts={undefined}>
          <CartCount />
        </TextsProvider>
      </TextsProvider>
    );
    expect(renderToString(page)).toBe("<p>2 in the cart</p>");
  });

  it("gives a text that takes a count in the form of the provider's language", () => {
    const lithuanian = { shell: { cartCount_one: "Krepšelyje {{count}} prekė", cartCount_few: "Krepšelyje {{count}} prekės", cartCount_many: "Krepšelyje {{count}} prekės", cartCount_other: "Krepšelyje {{count}} prekių" } };
    const page = (
      <TextsProvider texts={lithuanian} lang="lt">
        <CartCount />
      </TextsProvider>
    );
    expect(renderToString(page)).toBe("<p>Krepšelyje 2 prekės</p>");
  });
});
