import './shop.css';

/**
 * The shop's front page's welcome: a short hero above the list of everything, which
 * the list pages' one layout shows (app/list-pages.tsx composes them).
 */
export function ShopHero() {
  return (
    <div className="shop-home">
      <section className="shop-hero" aria-labelledby="shop-hero-title">
        <div className="container">
          <h1 id="shop-hero-title" className="shop-hero__title">
            Everbloom — realistic artificial plants and flowers
          </h1>
          <p className="shop-hero__lead">
            Lifelike trees, house plants and blooms that never need watering, delivered to your door
            anywhere in the UK.
          </p>
        </div>
      </section>
    </div>
  );
}
