//! Ray families: for one step shape, the squares reached from every square in every direction.

use crate::{
    direction::{quarter_turns, step_vector},
    Color, Geometry, Square,
};

/// How a ray treats the board edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wrap {
    /// Rays stop at the edges.
    None,
    /// Files wrap around (`o`, a cylinder).
    Files,
    /// Files and ranks wrap around (`oo`, a torus).
    Both,
}

/// One step along a ray: the square reached and the squares leapt over to get there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RayStep {
    /// The square reached by this step.
    pub to: Square,
    gaps_start: u32,
    gaps_len: u8,
}

/// The rays of one step shape (a leap in orthogonal form, turned to the 8 K-system directions)
/// from every square of a board, for one colour.
///
/// Layout: `index[sq * 8 + d]` gives the slice of `steps` for the ray from `sq` in direction
/// `d`, in order of distance. A ray ends before it leaves the board, meets a hole or comes back
/// to its own start square (possible only when wrapping). `gaps` holds, for each step, the
/// squares between the previous square and the reached one (for `n` and `j`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RayFamily {
    /// The leap in orthogonal form `(minor, major)`.
    pub shape: (u8, u8),
    /// How the rays wrap.
    pub wrap: Wrap,
    index: Vec<(u32, u32)>,
    steps: Vec<RayStep>,
    gaps: Vec<Square>,
}

impl RayFamily {
    /// Builds the rays of `shape` on `geometry` for `color` (black's vectors are negated).
    pub fn new(geometry: &Geometry, color: Color, shape: (u8, u8), wrap: Wrap) -> RayFamily {
        let mut family = RayFamily {
            shape,
            wrap,
            index: Vec::with_capacity(geometry.num_squares() * 8),
            steps: Vec::new(),
            gaps: Vec::new(),
        };
        let sign = if color == Color::White { 1 } else { -1 };
        let (minor, major) = (shape.0 as i32, shape.1 as i32);
        for i in 0..geometry.num_squares() {
            let origin = Square(i as u8);
            for d in 0..8u8 {
                let start = family.steps.len() as u32;
                if !geometry.holes().contains(origin) {
                    let (dx, dy) = step_vector(minor, major, d);
                    let gap_offsets: Vec<(i32, i32)> = gap_offsets(minor, major)
                        .into_iter()
                        .map(|(x, y)| turn(x, y, minor, d))
                        .collect();
                    family.push_ray(geometry, origin, (sign * dx, sign * dy), sign, &gap_offsets);
                }
                family.index.push((start, family.steps.len() as u32));
            }
        }
        family
    }

    fn push_ray(
        &mut self,
        geometry: &Geometry,
        origin: Square,
        (dx, dy): (i32, i32),
        sign: i32,
        gap_offsets: &[(i32, i32)],
    ) {
        let (w, h) = (geometry.width() as i32, geometry.height() as i32);
        let (mut x, mut y) = (geometry.file(origin), geometry.rank(origin));
        let wrap_mode = self.wrap;
        let wrapped = move |x: i32, y: i32| -> (i32, i32) {
            match wrap_mode {
                Wrap::None => (x, y),
                Wrap::Files => (x.rem_euclid(w), y),
                Wrap::Both => (x.rem_euclid(w), y.rem_euclid(h)),
            }
        };
        let wrap = |x: i32, y: i32| {
            let (x, y) = wrapped(x, y);
            geometry.square(x, y)
        };
        for _ in 0..geometry.num_squares() {
            let Some(to) = wrap(x + dx, y + dy) else {
                break;
            };
            if to == origin {
                break;
            }
            let gaps_start = self.gaps.len() as u32;
            for &(gx, gy) in gap_offsets {
                // Gaps lie inside the leap's bounding box, so they are on the board; holes are
                // recorded too (nothing ever stands on them, so leaps pass over them).
                let (gx, gy) = wrapped(x + sign * gx, y + sign * gy);
                self.gaps.push(Square((gy * w + gx) as u8));
            }
            let gaps_len = (self.gaps.len() as u32 - gaps_start) as u8;
            self.steps.push(RayStep {
                to,
                gaps_start,
                gaps_len,
            });
            x = geometry.file(to);
            y = geometry.rank(to);
        }
    }

    /// The ray from `sq` in K-system direction `d`.
    #[inline]
    pub fn ray(&self, sq: Square, d: u8) -> &[RayStep] {
        let (start, end) = self.index[sq.index() * 8 + (d & 7) as usize];
        &self.steps[start as usize..end as usize]
    }

    /// The squares leapt over by `step`.
    #[inline]
    pub fn gaps(&self, step: &RayStep) -> &[Square] {
        &self.gaps[step.gaps_start as usize..step.gaps_start as usize + step.gaps_len as usize]
    }

    /// Whether a single step of this shape leaps over squares (`D`, `N`, but not `W`, `F`).
    pub fn has_gaps(&self) -> bool {
        self.shape.1 > 1
    }
}

/// The squares a leap passes, in orthogonal form: straight along an orthogonal (or diagonal)
/// leap; for an oblique `(p, q)` first straight along the long side, then diagonally.
fn gap_offsets(minor: i32, major: i32) -> Vec<(i32, i32)> {
    if minor == 0 {
        (1..major).map(|k| (0, k)).collect()
    } else {
        let straight = major - minor;
        (1..=straight)
            .map(|k| (0, k))
            .chain((1..minor).map(|k| (k, straight + k)))
            .collect()
    }
}

/// Turns an offset written in orthogonal form to direction `d` the way the atom's own step turns.
fn turn(x: i32, y: i32, atom_minor: i32, d: u8) -> (i32, i32) {
    if atom_minor == 0 {
        // Orthogonal and diagonal atoms: the offset lies on the atom's own line.
        debug_assert_eq!(x, 0);
        return step_vector(0, y, d);
    }
    let (x, y) = if d & 1 == 1 { (y, x) } else { (x, y) };
    quarter_turns(x, y, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_gap_is_the_orthogonal_neighbour() {
        let g = Geometry::new(8, 8).unwrap();
        let f = RayFamily::new(&g, Color::White, (1, 2), Wrap::None);
        let d4 = g.parse_square("d4").unwrap();
        for d in 0..8 {
            let step = &f.ray(d4, d)[0];
            let gaps: Vec<_> = f.gaps(step).iter().map(|&s| g.name(s)).collect();
            let expected = match g.name(step.to).as_str() {
                "e6" | "c6" => "d5",
                "f5" | "f3" => "e4",
                "e2" | "c2" => "d3",
                "b3" | "b5" => "c4",
                other => panic!("unexpected knight target {other}"),
            };
            assert_eq!(gaps, vec![expected]);
        }
    }

    #[test]
    fn wrapping_rays_stop_before_their_start() {
        let g = Geometry::new(8, 8).unwrap();
        let f = RayFamily::new(&g, Color::White, (0, 1), Wrap::Files);
        let b2 = g.parse_square("b2").unwrap();
        let names: Vec<_> = f.ray(b2, 2).iter().map(|s| g.name(s.to)).collect();
        assert_eq!(names, ["c2", "d2", "e2", "f2", "g2", "h2", "a2"]);
    }

    #[test]
    fn black_rays_point_down() {
        let g = Geometry::new(8, 8).unwrap();
        let f = RayFamily::new(&g, Color::Black, (0, 1), Wrap::None);
        let e5 = g.parse_square("e5").unwrap();
        assert_eq!(g.name(f.ray(e5, 0)[0].to), "e4");
        assert_eq!(g.name(f.ray(e5, 2)[0].to), "d5");
    }
}
